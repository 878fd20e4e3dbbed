import type { SearchCriteria } from './SearchCriteria';

/** One active filter as a chip: its label, its shown value, and the criteria keys removing it clears. */
export interface FilterChip {
  id: string;
  labelId: string;
  value: string;
  keys: (keyof SearchCriteria)[];
}
