import type { SearchFilters } from '../../contract/Parcel';

/**
 * What the user asked for, as the search slice keeps it: the filters of spec §3 with the range
 * defaults and the radon range NOT applied (those are wire details, see searchParamsFromCriteria).
 * Keys are the spec's filter names so the query string reads like the API call.
 */
export type SearchCriteria = Omit<SearchFilters, 'GRN_RAD_from' | 'GRN_RAD_to' | 'page' | 'size'> & {
  /** The radon checkbox; sent as GRN_RAD_from=0&GRN_RAD_to=9 when on (spec §5). */
  GRN_RAD?: boolean;
};

/** The page (1-based) and page size that travel with every search. */
export interface SearchPaging {
  page: number;
  size: number;
}
