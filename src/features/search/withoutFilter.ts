import type { SearchCriteria } from './SearchCriteria';

/** The criteria with the given keys removed (a chip's close button). */
export function withoutFilter(
  criteria: SearchCriteria,
  keys: readonly (keyof SearchCriteria)[],
): SearchCriteria {
  const next = { ...criteria };
  for (const key of keys) delete next[key];
  return next;
}
