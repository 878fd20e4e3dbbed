import { RADON_FILTER_RANGE, RANGE_LOWER_DEFAULT, RANGE_UPPER_DEFAULT } from '../../contract/Parcel';
import type { SearchCriteria, SearchPaging } from './SearchCriteria';

/** The filters with a from/to pair; a one-sided range gets the spec's default on the other side. */
export const RANGE_FILTERS = ['PRC_SUR', 'FREEWAY', 'PUTRA'] as const;

const TEXT_FILTERS = ['searchQuery', 'CANTON', 'ALPHA_PRI', 'ALPHA_SEC', 'PRC_NO', 'PRC_ID'] as const;
const LIST_FILTERS = ['LOCNAME', 'STREET', 'GRN_TRM'] as const;
const CHOICE_FILTERS = ['OBJECT_OPTIONS', 'PRC_IND', 'PRC_TYP'] as const;

type Pair = [string, string];

function isSet(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
}

function rangePairs(criteria: SearchCriteria, name: (typeof RANGE_FILTERS)[number]): Pair[] {
  const from = criteria[`${name}_from`];
  const to = criteria[`${name}_to`];
  if (!isSet(from) && !isSet(to)) return [];
  return [
    [`${name}_from`, String(isSet(from) ? from : RANGE_LOWER_DEFAULT)],
    [`${name}_to`, String(isSet(to) ? to : RANGE_UPPER_DEFAULT)],
  ];
}

/**
 * The wire form of a search (spec §5): empty values dropped, lists repeat their key, one-sided ranges
 * completed with 0 / 99999999999, radon as the range 0–9 when on, then page and size. The same pairs
 * make the API query and the browser's query string, so a shared link replays the same call.
 */
export function searchParamsFromCriteria(criteria: SearchCriteria, paging?: SearchPaging): Pair[] {
  const pairs: Pair[] = [];
  for (const key of TEXT_FILTERS) {
    const value = criteria[key]?.trim();
    if (value) pairs.push([key, value]);
  }
  for (const key of LIST_FILTERS) {
    for (const value of criteria[key] ?? []) if (value.trim()) pairs.push([key, value.trim()]);
  }
  for (const name of RANGE_FILTERS) pairs.push(...rangePairs(criteria, name));
  for (const key of CHOICE_FILTERS) {
    const value = criteria[key];
    if (value) pairs.push([key, value]);
  }
  if (criteria.GRN_RAD) {
    pairs.push(
      ['GRN_RAD_from', String(RADON_FILTER_RANGE[0])],
      ['GRN_RAD_to', String(RADON_FILTER_RANGE[1])],
    );
  }
  if (criteria.PRO_BUN) pairs.push(['PRO_BUN', 'true']);
  if (paging) pairs.push(['page', String(paging.page)], ['size', String(paging.size)]);
  return pairs;
}
