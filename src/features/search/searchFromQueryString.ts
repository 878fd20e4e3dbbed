import { DEFAULT_PAGE_SIZE, RANGE_LOWER_DEFAULT, RANGE_UPPER_DEFAULT } from '../../contract/SearchParameters';
import type { SearchCriteria, SearchPaging } from './SearchCriteria';
import { RANGE_FILTERS } from './searchParamsFromCriteria';

/** Upper bound of a page size a URL may ask for; a bigger one falls back to the default. */
const MAX_PAGE_SIZE = 100;

function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

function list(params: URLSearchParams, key: string): string[] | undefined {
  const values = params
    .getAll(key)
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return values.length > 0 ? values : undefined;
}

/** A range bound; the spec's defaults (0 below, 99999999999 above) read back as "not set". */
function bound(params: URLSearchParams, key: string, fallback: number): number | undefined {
  const raw = text(params, key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value !== fallback ? value : undefined;
}

function choice<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = text(params, key);
  return allowed.find((option) => option === value);
}

function positiveInteger(raw: string | undefined, fallback: number, max: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Reads a search back from a query string (the source of truth on load, design.md §3). */
export function searchFromQueryString(query: string): { criteria: SearchCriteria; paging: SearchPaging } {
  const params = new URLSearchParams(query);
  const criteria: SearchCriteria = {
    searchQuery: text(params, 'searchQuery'),
    CANTON: text(params, 'CANTON'),
    LOCNAME: list(params, 'LOCNAME'),
    STREET: list(params, 'STREET'),
    GRN_TRM: list(params, 'GRN_TRM'),
    ALPHA_PRI: text(params, 'ALPHA_PRI'),
    ALPHA_SEC: text(params, 'ALPHA_SEC'),
    PRC_NO: text(params, 'PRC_NO'),
    PRC_ID: text(params, 'PRC_ID'),
    OBJECT_OPTIONS: choice(params, 'OBJECT_OPTIONS', ['With', 'Without'] as const),
    GRN_RAD: params.has('GRN_RAD_from') && params.has('GRN_RAD_to') ? true : undefined,
    PRO_BUN: params.get('PRO_BUN') === 'true' ? true : undefined,
    PRC_IND: choice(params, 'PRC_IND', ['Standard'] as const),
    PRC_TYP: choice(params, 'PRC_TYP', ['Eigentum', 'Baurecht'] as const),
  };
  for (const name of RANGE_FILTERS) {
    criteria[`${name}_from`] = bound(params, `${name}_from`, RANGE_LOWER_DEFAULT);
    criteria[`${name}_to`] = bound(params, `${name}_to`, RANGE_UPPER_DEFAULT);
  }
  return {
    criteria: withoutUndefined(criteria),
    paging: {
      page: positiveInteger(text(params, 'page'), 1, Number.MAX_SAFE_INTEGER),
      size: positiveInteger(text(params, 'size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    },
  };
}
