import type { ActiveSearch } from './searchSlice';
import { queryStringFromSearch } from './queryStringFromSearch';

/**
 * A search is "advanced" (spec §7 maps/advance-search, counted against the plan) when it carries any
 * filter beyond the quick-search text; the quick search alone goes to maps/search.
 */
export function isAdvancedSearch(search: ActiveSearch): boolean {
  return Object.keys(search.criteria).some((key) => key !== 'searchQuery');
}

/** The path (under /v1/secure/) of the call that answers a search. */
export function searchRequestUrl(search: ActiveSearch): string {
  const query = queryStringFromSearch(search.criteria, search.paging);
  return isAdvancedSearch(search) ? `maps/advance-search?a=1&${query}` : `maps/search?${query}`;
}
