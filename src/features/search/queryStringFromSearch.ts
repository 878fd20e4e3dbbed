import type { SearchCriteria, SearchPaging } from './SearchCriteria';
import { searchParamsFromCriteria } from './searchParamsFromCriteria';

/** The query string (without '?') that carries a search: filters plus page and size. */
export function queryStringFromSearch(criteria: SearchCriteria, paging?: SearchPaging): string {
  return new URLSearchParams(searchParamsFromCriteria(criteria, paging)).toString();
}
