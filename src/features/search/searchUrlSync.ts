import { locationChanged } from '../../store/appLifecycle';
import { ROUTE_PATHS } from '../../routing/routePaths';
import type { AppStartListening } from '../../store/storeTypes';
import {
  DEFAULT_PAGE_SIZE,
  hasSearchInput,
  MAX_PAGE_SIZE,
  queryStringFromSearch,
  RANGE_LOWER_DEFAULT,
  RANGE_UPPER_DEFAULT,
  SEARCH_PARAMETERS,
  type SearchCriteria,
  type SearchParameter,
} from '../../contract/SearchParameters';
import { searchRestored, type ActiveSearch } from './searchSlice';

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

/** The keys this sync owns: every row of the search-parameter table (ranges as `_from`/`_to`), page, size. */
const SEARCH_KEYS = new Set<string>([
  'page',
  'size',
  ...SEARCH_PARAMETERS.flatMap((row) => [row.name, `${row.name}_from`, `${row.name}_to`]),
]);

/**
 * The parameters of a query string that are not the search's (the share link's map view and parcel):
 * the search sync leaves them where they are, so both can write the same URL.
 */
export function otherParams(query: string): string {
  // Parts are kept as written (not re-encoded): `layers=radon,floods` stays readable in the address bar.
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      // URLSearchParams decodes leniently (a stray % stays as it is).
      const [name] = [...new URLSearchParams(part)][0] ?? [''];
      return !SEARCH_KEYS.has(name);
    })
    .join('&');
}

/** The query string the store's search on screen should have (empty without one), after `others`. */
function wantedQuery(active: ActiveSearch | null, others = ''): string {
  const search = active ? queryStringFromSearch(active.criteria, active.paging) : '';
  return [search, others].filter((part) => part !== '').join('&');
}

/**
 * The map view's query string mirrors the search on screen (filters + page + size, spec §2). When the
 * router arrives at the map view (the start, back/forward, a link) the URL is the source of truth if it
 * carries a search, so a reload or a shared link replays the exact request; otherwise, and whenever the
 * search on screen changes, the store writes the URL (replace, no new history entry).
 */
export function addSearchUrlSync(startListening: AppStartListening): void {
  startListening({
    actionCreator: locationChanged,
    effect: ({ payload: location }, listenerApi) => {
      if (location.pathname !== ROUTE_PATHS.mapview) return;
      const query = location.search.replace(/^\?/, '');
      const wanted = wantedQuery(listenerApi.getState().search.active, otherParams(query));
      if (query === wanted) return;
      const search = searchFromQueryString(query);
      if (hasSearchInput(search.criteria)) listenerApi.dispatch(searchRestored(search));
      // A URL without a search (e.g. back from /settings) keeps the search the store already has.
      else
        void listenerApi.extra.navigate({ pathname: ROUTE_PATHS.mapview, search: wanted }, { replace: true });
    },
  });

  startListening({
    predicate: (_action, current, previous) => current.search.active !== previous.search.active,
    effect: (_action, listenerApi) => {
      const { location } = listenerApi.extra.state;
      if (location.pathname !== ROUTE_PATHS.mapview) return;
      const query = location.search.replace(/^\?/, '');
      const wanted = wantedQuery(listenerApi.getState().search.active, otherParams(query));
      if (query === wanted) return;
      void listenerApi.extra.navigate({ pathname: ROUTE_PATHS.mapview, search: wanted }, { replace: true });
    },
  });
}
