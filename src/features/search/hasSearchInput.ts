import type { SearchCriteria } from './SearchCriteria';
import { searchParamsFromCriteria } from './searchParamsFromCriteria';

/**
 * Whether a search has any text or filter (spec §5: otherwise results clear and no call is made).
 * PRC_IND alone does not count: it is the advanced dialog's default scope ("include roads" off),
 * not something the user asked for.
 */
export function hasSearchInput(criteria: SearchCriteria): boolean {
  return searchParamsFromCriteria(criteria).some(([key]) => key !== 'PRC_IND');
}
