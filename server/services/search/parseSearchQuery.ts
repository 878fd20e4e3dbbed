import {
  DEFAULT_PAGE_SIZE,
  MAX_LIST_ITEMS,
  MAX_PAGE_SIZE,
  MAX_PAGES,
  MAX_VALUE_LENGTH,
  RANGE_LOWER_DEFAULT,
  RANGE_UPPER_DEFAULT,
  SEARCH_PARAMETERS,
  isScopeRow,
  type ChoiceRow,
  type FlagRow,
  type ListRow,
  type SearchParameter,
  type TextRow,
} from '../../../src/contract/SearchParameters';
import type { Paging, ParcelQuery, Range } from '../../store/contract/parcels/ParcelQuery';

/** A filter or paging value the search cannot use; routes answer 400 with its message. */
export class SearchInputError extends Error {}

export type RawQuery = Record<string, unknown>;

/** One value as sent: repeated keys are joined with commas, blanks count as absent. */
function single(raw: RawQuery, key: string): string | undefined {
  const value = raw[key];
  const joined = Array.isArray(value) ? value.join(',') : value;
  if (joined === undefined || joined === null) return undefined;
  const trimmed = String(joined).trim();
  return trimmed === '' ? undefined : trimmed;
}

function number(raw: RawQuery, key: string): number | undefined {
  const value = single(raw, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new SearchInputError(`${key} must be a number`);
  const n = Number(value);
  // 400 digits are a number to the pattern but Infinity to JavaScript.
  if (!Number.isFinite(n)) throw new SearchInputError(`${key} must be a finite number`);
  if (n < 0) throw new SearchInputError(`${key} must be at least 0`);
  return n;
}

function boolean(raw: RawQuery, key: string): boolean | undefined {
  const value = single(raw, key);
  if (value === undefined) return undefined;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new SearchInputError(`${key} must be true or false`);
}

/** Spec §5: a one-sided range gets 0 or 99999999999 on the other side. */
function range(raw: RawQuery, name: string): Range | undefined {
  const from = number(raw, `${name}_from`);
  const to = number(raw, `${name}_to`);
  if (from === undefined && to === undefined) return undefined;
  const result = { from: from ?? RANGE_LOWER_DEFAULT, to: to ?? RANGE_UPPER_DEFAULT };
  if (result.from > result.to) throw new SearchInputError(`${name}_from must not be greater than ${name}_to`);
  return result;
}

function text(row: TextRow, raw: RawQuery): string | undefined {
  const value = single(raw, row.name);
  if (value === undefined) return undefined;
  const normalised = row.upperCase ? value.toUpperCase() : value;
  if (row.pattern && !row.pattern.regex.test(normalised)) throw new SearchInputError(row.pattern.message);
  if (normalised.length > MAX_VALUE_LENGTH)
    throw new SearchInputError(`${row.name} must be less than ${MAX_VALUE_LENGTH} characters`);
  return normalised;
}

/** Repeated keys (`?LOCNAME=Zug&LOCNAME=Baar`), `LOCNAME[]` and comma-separated values all give a list. */
function list(row: ListRow, raw: RawQuery): string[] | undefined {
  const value = raw[row.name] ?? raw[`${row.name}[]`];
  if (value === undefined || value === null) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (items.length > MAX_LIST_ITEMS)
    throw new SearchInputError(`${row.name} must not have more than ${MAX_LIST_ITEMS} values`);
  if (items.some((item) => item.length > MAX_VALUE_LENGTH))
    throw new SearchInputError(`${row.name} values must be less than ${MAX_VALUE_LENGTH} characters`);
  return items.length > 0 ? items : undefined;
}

/**
 * One of the row's choices, matched ignoring case. A row with a single choice is a scope (PRC_IND=Standard
 * leaves the roads out): present or not, so its query field is true or absent.
 */
function choice(row: ChoiceRow, raw: RawQuery): string | true | undefined {
  const value = single(raw, row.name);
  if (value === undefined) return undefined;
  const match = row.choices.find((c) => c.toLowerCase() === value.toLowerCase());
  if (row.choices.length === 1) {
    if (!match) throw new SearchInputError(`${row.name} must be ${row.choices[0]} or empty`);
    return true;
  }
  if (!match) throw new SearchInputError(`${row.name} must be one of: ${row.choices.join(', ')}`);
  return match;
}

/**
 * A checkbox: true or absent. With a wire range (radon) the explicit `_from`/`_to` range wins, and
 * `GRN_RAD=true` means the row's range (spec §5: 0–9).
 */
function flag(row: FlagRow, raw: RawQuery): Range | true | undefined {
  if (!row.wireRange) return boolean(raw, row.name) || undefined;
  const explicit = range(raw, row.name);
  if (explicit) return explicit;
  return boolean(raw, row.name) ? { from: row.wireRange[0], to: row.wireRange[1] } : undefined;
}

/** The value a row contributes to the ParcelQuery, or undefined when the query string does not set it. */
export function parseRow(row: SearchParameter, raw: RawQuery): unknown {
  switch (row.kind) {
    case 'text':
      return text(row, raw);
    case 'list':
      return list(row, raw);
    case 'range':
      return range(raw, row.name);
    case 'choice':
      return choice(row, raw);
    case 'flag':
      return flag(row, raw);
  }
}

/**
 * Turns the query string of maps/search, maps/advance-search and maps/tile into a ParcelQuery, one
 * SEARCH_PARAMETERS row at a time: each row's value goes to its `queryKey`.
 */
export function parseSearchQuery(raw: RawQuery): ParcelQuery {
  const query: Record<string, unknown> = {};
  for (const row of SEARCH_PARAMETERS) {
    // Does not compile when a row names a field ParcelQuery does not have.
    const key: keyof ParcelQuery = row.queryKey;
    const value = parseRow(row, raw);
    if (value !== undefined) query[key] = value;
  }
  return query as ParcelQuery;
}

/** page is 1-based; at most 100 pages of results are reachable (spec §9). */
export function parsePaging(raw: RawQuery): Paging {
  const page = number(raw, 'page') ?? 1;
  const size = number(raw, 'size') ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1)
    throw new SearchInputError('page must be a whole number of at least 1');
  if (page > MAX_PAGES) throw new SearchInputError(`page must be not more than ${MAX_PAGES}`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new SearchInputError(`size must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return { page, size };
}

/** True when the query selects something: spec §5 says no text and no filters makes no search. */
export function hasCriteria(query: ParcelQuery): boolean {
  return Object.values(query).some((value) => value !== undefined && value !== false);
}

/**
 * True when the query carries any advanced filter (a SEARCH_PARAMETERS row marked `advanced`, scopes
 * aside: leaving the roads out is the quick search's default too): such a search is an advanced one and
 * counts against the plan whichever route it came through.
 */
export function isAdvancedQuery(query: ParcelQuery): boolean {
  return SEARCH_PARAMETERS.some(
    (row) => row.advanced && !isScopeRow(row) && query[row.queryKey] !== undefined,
  );
}
