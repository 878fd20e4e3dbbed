export { searchParamsFromCriteria } from '../../contract/SearchParameters';

/** The filters with a from/to pair; a one-sided range gets the spec's default on the other side. */
export const RANGE_FILTERS = ['PRC_SUR', 'FREEWAY', 'PUTRA'] as const;
