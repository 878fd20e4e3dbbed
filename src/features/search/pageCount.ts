import { MAX_PAGES } from '../../contract/SearchParameters';

/** Pages of a result list: capped at 100 (spec §9), `capped` when more results exist beyond the cap. */
export function pageCount(
  total: number,
  size: number,
  relation: 'eq' | 'gte' = 'eq',
): { pages: number; capped: boolean } {
  const raw = Math.max(1, Math.ceil(total / Math.max(1, size)));
  return {
    pages: Math.min(raw, MAX_PAGES),
    capped: raw > MAX_PAGES || (relation === 'gte' && raw >= MAX_PAGES),
  };
}
