import { mainApi } from '../../api/mainApi';
import { isOkBody } from '../../api/responses';
import type {
  AlphaItem,
  Canton,
  LocationNameItem,
  SearchResponse,
  StreetItem,
  ThermalItem,
} from '../../contract/Parcel';
import type { ExportJobStarted } from '../../contract/ExportJobs';
import type { ListExportFormat } from '../../contract/ParcelLists';
import {
  isAdvancedCriteria,
  queryStringFromSearch,
  SEARCH_EXPORT_COUNT_HEADER,
  SEARCH_EXPORT_TOTAL_HEADER,
} from '../../contract/SearchParameters';
import { dispositionFileName, saveFile } from '../../lib/browser/saveFile';
import type { ActiveSearch } from './searchSlice';

/**
 * The path (under /v1/secure/) of the call that answers a search: an advanced one (spec §7
 * maps/advance-search, counted against the plan) when it carries any advanced filter of the table, the
 * quick search alone goes to maps/search.
 */
export function searchRequestUrl(search: ActiveSearch): string {
  const query = queryStringFromSearch(search.criteria, search.paging);
  return isAdvancedCriteria(search.criteria) ? `maps/advance-search?a=1&${query}` : `maps/search?${query}`;
}

/** The parcel search of spec §7 (simple or advanced by its filters), cached per search and page. */
export const searchApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    searchParcels: build.query<SearchResponse, ActiveSearch>({
      query: (search) => ({ url: searchRequestUrl(search), validateStatus: isOkBody }),
    }),
    /**
     * The whole result (all pages, up to the server's cap) as a file: it goes to the browser's downloads;
     * its name and how many parcels it holds of how many matched go to the store. More than
     * BACKGROUND_EXPORT_ABOVE parcels are made in the background: the answer is the job.
     */
    exportSearch: build.mutation<
      SearchExportResult | ExportJobStarted,
      { search: ActiveSearch; format: ListExportFormat }
    >({
      query: ({ search, format }) => ({
        url: `maps/export/${format}?${queryStringFromSearch(search.criteria)}`,
        responseHandler: async (response) => {
          // Not ok: the refusal; 202: a large export's background job (exports/exportJobsSlice).
          if (!response.ok || response.status === 202) return response.json();
          const fileName =
            dispositionFileName(response.headers.get('content-disposition')) ?? `search.${format}`;
          saveFile(await response.blob(), fileName);
          return {
            fileName,
            exported: Number(response.headers.get(SEARCH_EXPORT_COUNT_HEADER) ?? 0),
            total: Number(response.headers.get(SEARCH_EXPORT_TOTAL_HEADER) ?? 0),
          };
        },
      }),
      // An export adds to the plan's usage.
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export interface SearchExportResult {
  fileName: string;
  exported: number;
  total: number;
}

export const { useSearchParcelsQuery, useExportSearchMutation } = searchApi;

/** The lookup lists answer either `{data: [...]}` (the find calls) or a bare list (spec §7). */
function items<T>(response: { data?: T[] } | T[]): T[] {
  return Array.isArray(response) ? response : (response.data ?? []);
}

function query(path: string, params: Record<string, string | string[] | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  return `${path}?${search.toString()}`;
}

/** Lookup limits of spec §9: cantons 100, thermals / location names / alphas 25, streets 250. */
export const LOOKUP_LIMITS = { canton: 100, thermal: 25, locname: 25, alpha: 25, street: 250 } as const;

export const lookupApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    findCantons: build.query<Canton[], { q: string }>({
      query: ({ q }) => query('cantons/find', { q, fields: 'code', limit: LOOKUP_LIMITS.canton }),
      transformResponse: items<Canton>,
    }),
    findThermals: build.query<ThermalItem[], { q: string; canton: string }>({
      query: ({ q, canton }) =>
        query('thermals/find', { q, canton, fields: 'code,canton,lang', limit: LOOKUP_LIMITS.thermal }),
      transformResponse: items<ThermalItem>,
    }),
    findLocationNames: build.query<LocationNameItem[], { q: string; canton: string }>({
      query: ({ q, canton }) =>
        query('location-names/', { q, canton, fields: 'code,canton', limit: LOOKUP_LIMITS.locname }),
      transformResponse: items<LocationNameItem>,
    }),
    findAlphas: build.query<AlphaItem[], { q: string; canton: string; varname: 'ALPHA_PRI' | 'ALPHA_SEC' }>({
      query: ({ q, canton, varname }) =>
        query('alphas/', {
          q,
          varname,
          canton,
          fields: 'code,canton,varname,lang',
          limit: LOOKUP_LIMITS.alpha,
        }),
      transformResponse: items<AlphaItem>,
    }),
    findStreets: build.query<StreetItem[], { q: string; canton: string; locname: string[] }>({
      query: ({ q, canton, locname }) =>
        query('streets/', { q, canton, locname, fields: 'code,canton,locname', limit: LOOKUP_LIMITS.street }),
      transformResponse: items<StreetItem>,
    }),
  }),
});

export const {
  useFindCantonsQuery,
  useFindThermalsQuery,
  useFindLocationNamesQuery,
  useFindAlphasQuery,
  useFindStreetsQuery,
} = lookupApi;
