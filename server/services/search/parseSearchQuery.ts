import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGES,
  RADON_FILTER_RANGE,
  RANGE_LOWER_DEFAULT,
  RANGE_UPPER_DEFAULT,
} from '../../../src/contract/SearchParameters';
import type { Paging, ParcelQuery, Range } from '../../store/parcels/ParcelQuery';
import { SearchInputError } from './SearchInputError';

export type RawQuery = Record<string, unknown>;

const MAX_SIZE = 100;

function text(raw: RawQuery, key: string): string | undefined {
  const value = raw[key];
  const single = Array.isArray(value) ? value.join(',') : value;
  if (single === undefined || single === null) return undefined;
  const trimmed = String(single).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Repeated keys (`?LOCNAME=Zug&LOCNAME=Baar`) and comma-separated values both give a list. */
function list(raw: RawQuery, key: string): string[] | undefined {
  const value = raw[key] ?? raw[`${key}[]`];
  if (value === undefined || value === null) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

function number(raw: RawQuery, key: string): number | undefined {
  const value = text(raw, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new SearchInputError(`${key} must be a number`);
  const n = Number(value);
  if (n < 0) throw new SearchInputError(`${key} must be at least 0`);
  return n;
}

/** Spec §5: a one-sided range gets 0 or 99999999999 on the other side. */
function range(raw: RawQuery, key: string): Range | undefined {
  const from = number(raw, `${key}_from`);
  const to = number(raw, `${key}_to`);
  if (from === undefined && to === undefined) return undefined;
  const result = { from: from ?? RANGE_LOWER_DEFAULT, to: to ?? RANGE_UPPER_DEFAULT };
  if (result.from > result.to) throw new SearchInputError(`${key}_from must not be greater than ${key}_to`);
  return result;
}

function flag(raw: RawQuery, key: string): boolean | undefined {
  const value = text(raw, key);
  if (value === undefined) return undefined;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new SearchInputError(`${key} must be true or false`);
}

function oneOf<T extends string>(raw: RawQuery, key: string, allowed: readonly T[]): T | undefined {
  const value = text(raw, key);
  if (value === undefined) return undefined;
  const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!match) throw new SearchInputError(`${key} must be one of: ${allowed.join(', ')}`);
  return match;
}

function radon(raw: RawQuery): Range | undefined {
  const explicit = range(raw, 'GRN_RAD');
  if (explicit) return explicit;
  // The checkbox form: GRN_RAD=true means the spec's 0–9 range.
  return flag(raw, 'GRN_RAD') ? { from: RADON_FILTER_RANGE[0], to: RADON_FILTER_RANGE[1] } : undefined;
}

/** Turns the query string of maps/search, maps/advance-search and maps/tile into a ParcelQuery. */
export function parseSearchQuery(raw: RawQuery): ParcelQuery {
  const canton = text(raw, 'CANTON')?.toUpperCase();
  if (canton !== undefined && !/^[A-Z]{2}$/.test(canton))
    throw new SearchInputError('CANTON must be a canton code like ZG');
  const prcId = text(raw, 'PRC_ID')?.toUpperCase();
  const prcInd = text(raw, 'PRC_IND');
  if (prcInd !== undefined && prcInd.toLowerCase() !== 'standard') {
    throw new SearchInputError('PRC_IND must be Standard or empty');
  }
  const query: ParcelQuery = {
    text: text(raw, 'searchQuery'),
    canton,
    locnames: list(raw, 'LOCNAME'),
    streets: list(raw, 'STREET'),
    thermals: list(raw, 'GRN_TRM'),
    alphaPri: text(raw, 'ALPHA_PRI'),
    alphaSec: text(raw, 'ALPHA_SEC'),
    prcNo: text(raw, 'PRC_NO'),
    prcId,
    surface: range(raw, 'PRC_SUR'),
    objects: oneOf(raw, 'OBJECT_OPTIONS', ['With', 'Without'] as const),
    radon: radon(raw),
    proBun: flag(raw, 'PRO_BUN') || undefined,
    excludeRoads: prcInd !== undefined,
    typ: oneOf(raw, 'PRC_TYP', ['Eigentum', 'Baurecht'] as const),
    freeway: range(raw, 'FREEWAY'),
    putra: range(raw, 'PUTRA'),
  };
  if (query.text !== undefined && query.text.length > 200) {
    throw new SearchInputError('searchQuery must be less than 200 characters');
  }
  return query;
}

/** page is 1-based; at most 100 pages of results are reachable (spec §9). */
export function parsePaging(raw: RawQuery): Paging {
  const page = number(raw, 'page') ?? 1;
  const size = number(raw, 'size') ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1)
    throw new SearchInputError('page must be a whole number of at least 1');
  if (page > MAX_PAGES) throw new SearchInputError(`page must be not more than ${MAX_PAGES}`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    throw new SearchInputError(`size must be a whole number from 1 to ${MAX_SIZE}`);
  }
  return { page, size };
}

/** True when the query selects something: spec §5 says no text and no filters makes no search. */
export function hasCriteria(query: ParcelQuery): boolean {
  const { excludeRoads, ...rest } = query;
  return excludeRoads || Object.values(rest).some((v) => v !== undefined);
}
