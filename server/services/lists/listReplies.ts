import type { ListActivity, ListNote, ParcelListItem } from '../../../src/contract/ParcelLists';
import type {
  ListActivityRecord,
  ListItemRecord,
  ListNoteRecord,
} from '../../store/contract/lists/ParcelListStore';

/** A stored person reference as the API answers it (null when the account is gone). */
const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

const iso = (ms: number) => new Date(ms).toISOString();

export const toListItem = (item: ListItemRecord): ParcelListItem => ({
  prcId: item.prcId,
  prcNo: item.prcNo,
  locname: item.locname,
  canton: item.canton,
  area: item.area,
  lon: item.lon,
  lat: item.lat,
  status: item.status,
  assignee: person(item.assigneeId, item.assigneeName),
  addedBy: person(item.addedById, item.addedByName),
  addedAt: iso(item.addedAt),
  noteCount: item.noteCount,
});

export const toListNote = (note: ListNoteRecord): ListNote => ({
  id: note.id,
  author: person(note.authorId, note.authorName),
  at: iso(note.at),
  text: note.text,
});

export const toListActivity = (entry: ListActivityRecord): ListActivity => ({
  id: entry.id,
  kind: entry.kind,
  prcId: entry.prcId,
  actor: person(entry.actorId, entry.actorName),
  at: iso(entry.at),
  from: entry.from,
  to: entry.to,
});
