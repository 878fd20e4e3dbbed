import { COMPARISON_MAX_PARCELS } from '../../contract/Comparison';

/** The comparison screen's path; its parcels are in the query, so the link can be shared. */
export const COMPARE_PATH = '/compare';

/** The comparison screen's query parameter: the parcels' EGRIDs, comma-separated. */
export const EGRIDS_PARAM = 'egrids';

/** `/compare?egrids=CH1,CH2,CH3`. */
export const comparisonLink = (egrids: string[]): string =>
  `${COMPARE_PATH}?${EGRIDS_PARAM}=${egrids.map(encodeURIComponent).join(',')}`;

/** The EGRIDs of a comparison link's query: upper case, distinct, at most five, in their order. */
export function egridsOfQuery(search: string): string[] {
  const raw = new URLSearchParams(search).get(EGRIDS_PARAM) ?? '';
  const egrids = raw
    .split(',')
    .map((egrid) => egrid.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(egrids)].slice(0, COMPARISON_MAX_PARCELS);
}
