import { LIST_STATUSES, type ListStatus, type ParcelListItem } from '../../contract/ParcelLists';
import { UNASSIGNED, type ListSort } from './listsSlice';

export interface ListItemFilter {
  status: ListStatus | null;
  assignee: string | null;
}

/** Parcel numbers compare as numbers where they are ("2" before "10"), else as text. */
const collator = new Intl.Collator('de-CH', { numeric: true, sensitivity: 'base' });

const COMPARE: Record<ListSort, (a: ParcelListItem, b: ParcelListItem) => number> = {
  added: (a, b) => a.addedAt.localeCompare(b.addedAt),
  number: (a, b) => collator.compare(a.prcNo, b.prcNo),
  place: (a, b) => collator.compare(a.locname, b.locname) || collator.compare(a.prcNo, b.prcNo),
  status: (a, b) => LIST_STATUSES.indexOf(a.status) - LIST_STATUSES.indexOf(b.status),
  area: (a, b) => b.area - a.area,
};

/** The parcels the list view shows: those matching the filters, in the chosen order (ties by number). */
export function visibleListItems(
  items: readonly ParcelListItem[],
  { status, assignee }: ListItemFilter,
  sort: ListSort,
): ParcelListItem[] {
  return items
    .filter((item) => status === null || item.status === status)
    .filter(
      (item) =>
        assignee === null ||
        (assignee === UNASSIGNED ? item.assignee === null : item.assignee?.id === assignee),
    )
    .sort((a, b) => COMPARE[sort](a, b) || collator.compare(a.prcNo, b.prcNo));
}
