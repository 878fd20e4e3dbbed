/**
 * The search's part of the URL: reading a search back from a query string and knowing which keys are the
 * search's. The URL-state table (features/urlState) applies it; the keys come from the search-parameter table.
 */
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RANGE_LOWER_DEFAULT,
  RANGE_UPPER_DEFAULT,
  SEARCH_PARAMETERS,
  type SearchCriteria,
  type SearchParameter,
} from '../../contract/SearchParameters';
import type { ActiveSearch } from './searchSlice';

function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

/** A range bound; the spec's defaults (0 below, 99999999999 above) read back as "not set". */
function bound(params: URLSearchParams, key: string, fallback: number): number | undefined {
  const raw = text(params, key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value !== fallback ? value : undefined;
}

function positiveInteger(raw: string | undefined, fallback: number, max: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/** One row read back from the wire form, leniently: what does not fit the row is dropped. */
function readRow(row: SearchParameter, params: URLSearchParams): Record<string, unknown> {
  switch (row.kind) {
    case 'text':
      return { [row.name]: text(params, row.name) };
    case 'list': {
      const values = params
        .getAll(row.name)
        .map((value) => value.trim())
        .filter((value) => value !== '');
      return { [row.name]: values.length > 0 ? values : undefined };
    }
    case 'range':
      return {
        [`${row.name}_from`]: bound(params, `${row.name}_from`, RANGE_LOWER_DEFAULT),
        [`${row.name}_to`]: bound(params, `${row.name}_to`, RANGE_UPPER_DEFAULT),
      };
    case 'choice': {
      const value = text(params, row.name);
      return { [row.name]: (row.choices as readonly string[]).find((choice) => choice === value) };
    }
    case 'flag': {
      // A flag sent as a range (radon: GRN_RAD_from/_to) reads back as on.
      const on = row.wireRange
        ? params.has(`${row.name}_from`) && params.has(`${row.name}_to`)
        : params.get(row.name) === 'true';
      return { [row.name]: on || undefined };
    }
  }
}

/**
 * Reads a search back from a query string (the source of truth on load, design.md §3), row by row of the
 * search-parameter table: unknown choices and bad numbers are dropped, range defaults read as unset.
 */
export function searchFromQueryString(query: string): ActiveSearch {
  const params = new URLSearchParams(query);
  const read = Object.assign({}, ...SEARCH_PARAMETERS.map((row) => readRow(row, params)));
  const criteria = Object.fromEntries(
    Object.entries(read).filter(([, value]) => value !== undefined),
  ) as SearchCriteria;
  return {
    criteria,
    paging: {
      page: positiveInteger(text(params, 'page'), 1, Number.MAX_SAFE_INTEGER),
      size: positiveInteger(text(params, 'size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    },
  };
}

/** The query keys of the search: every row of the search-parameter table (ranges as `_from`/`_to`), page, size. */
const SEARCH_KEYS = new Set<string>([
  'page',
  'size',
  ...SEARCH_PARAMETERS.flatMap((row) => [row.name, `${row.name}_from`, `${row.name}_to`]),
]);

/** Whether a query key is the search's (the URL-state table's search row owns exactly these). */
export function isSearchUrlKey(key: string): boolean {
  return SEARCH_KEYS.has(key);
}
