import type { ListActivityKind, ListStatus, ParcelListItem } from '../../../../src/contract/ParcelLists';

/** A list with its owner's and site's names. Times are epoch milliseconds. */
export interface ListRecord {
  id: string;
  ownerId: string;
  ownerName: string;
  name: string;
  siteId: string | null;
  siteName: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewList {
  id: string;
  ownerId: string;
  name: string;
  siteId: string | null;
  at: number;
}

/** What is kept of a parcel when it is added to a list (the API's fields, times in epoch ms). */
export interface NewListItem extends Pick<
  ParcelListItem,
  'prcId' | 'prcNo' | 'locname' | 'canton' | 'area' | 'lon' | 'lat' | 'status'
> {
  listId: string;
  addedBy: string;
  addedAt: number;
  /** The parcel's watched facts when it was added (listedParcelFacts), to tell later changes from. */
  facts: string | null;
}

export interface ListItemRecord extends Omit<NewListItem, 'addedBy' | 'facts'> {
  assigneeId: string | null;
  assigneeName: string | null;
  addedById: string | null;
  addedByName: string | null;
  noteCount: number;
}

export interface NewListNote {
  id: string;
  listId: string;
  prcId: string;
  authorId: string;
  at: number;
  text: string;
}

export interface ListNoteRecord extends Omit<NewListNote, 'authorId'> {
  authorId: string | null;
  authorName: string | null;
}

export interface NewListActivity {
  id: string;
  listId: string;
  prcId: string | null;
  /** Who did it; null for what the server noticed itself (a dataset update changed a parcel's facts). */
  actorId: string | null;
  at: number;
  kind: ListActivityKind;
  from: string | null;
  to: string | null;
}

export interface ListActivityRecord extends NewListActivity {
  actorName: string | null;
}

/** A listed parcel's facts as last recorded (null: not yet), with what an alert about it names. */
export interface ListItemFacts {
  prcId: string;
  prcNo: string;
  locname: string;
  assigneeId: string | null;
  facts: string | null;
}

export interface ListPersonRecord {
  id: string;
  name: string;
}

/**
 * Parcel lists (migration 93): lists, their parcels, notes, activity, and the pipeline names of a site.
 * Who may see or change what is the service's question (ParcelListService); every change here is one
 * statement, so an item's status or a list's name is never half-written.
 */
export interface ParcelListStore {
  createList(list: NewList): Promise<void>;
  findList(id: string): Promise<ListRecord | null>;
  /** The lists the user owns or that are shared with a site the user belongs to, latest change first. */
  visibleLists(userId: string): Promise<ListRecord[]>;
  /** How many of the list's parcels have each status (statuses without parcels left out). */
  statusCounts(listId: string): Promise<{ status: ListStatus; count: number }[]>;
  renameList(id: string, name: string, at: number): Promise<boolean>;
  /** Shares the list with a site, or makes it personal again (null). */
  shareList(id: string, siteId: string | null, at: number): Promise<boolean>;
  /** Notes a change of the list's parcels (the panel sorts by it). */
  touchList(id: string, at: number): Promise<void>;
  deleteList(id: string): Promise<boolean>;
  /** Adds the parcel unless the list has it already (false then). */
  addItem(item: NewListItem): Promise<boolean>;
  countItems(listId: string): Promise<number>;
  removeItem(listId: string, prcId: string): Promise<boolean>;
  /** The list's parcels in the order they were added. */
  items(listId: string): Promise<ListItemRecord[]>;
  findItem(listId: string, prcId: string): Promise<ListItemRecord | null>;
  setStatus(listId: string, prcId: string, status: ListStatus): Promise<boolean>;
  setAssignee(listId: string, prcId: string, assigneeId: string | null): Promise<boolean>;
  addNote(note: NewListNote): Promise<void>;
  /** The parcel's notes, newest first. */
  notes(listId: string, prcId: string): Promise<ListNoteRecord[]>;
  appendActivity(entry: NewListActivity): Promise<void>;
  /** The newest `limit` entries of one parcel, or of the whole list when `prcId` is null, newest first. */
  activity(listId: string, prcId: string | null, limit: number): Promise<ListActivityRecord[]>;
  /** The names a site gave its pipeline steps (steps it did not rename are left out). */
  statusLabels(siteId: string): Promise<{ status: ListStatus; label: string }[]>;
  /** Renames a site's pipeline step; null gives it its default name back. */
  renameStatus(siteId: string, status: ListStatus, label: string | null): Promise<void>;
  /** The members of a site (the people a shared list reaches), by name. */
  siteMembers(siteId: string): Promise<ListPersonRecord[]>;
  /** The lists not yet compared with this dataset build, oldest first. */
  listsToCompare(version: string): Promise<ListRecord[]>;
  /** Each parcel of the list with its facts as last recorded. */
  itemFacts(listId: string): Promise<ListItemFacts[]>;
  /**
   * Records the parcel's facts if they are still `expected`: of several instances comparing at once, one
   * records the change (true) and only that one tells of it.
   */
  replaceItemFacts(listId: string, prcId: string, expected: string | null, facts: string): Promise<boolean>;
  /** Notes that the list was compared with this dataset build. */
  setFactsVersion(listId: string, version: string): Promise<void>;
}

/** A person's display name: the name, else the username. */
const personName = (alias: string) => `COALESCE(NULLIF(${alias}.name, ''), ${alias}.username)`;

export const LIST_SELECT = `SELECT l.id, l.owner_id, ${personName('o')} AS owner_name, l.name, l.site_id,
  s.name AS site_name, l.created_at, l.updated_at
  FROM parcel_lists l JOIN users o ON o.id = l.owner_id LEFT JOIN sites s ON s.id = l.site_id`;

export const ITEM_SELECT = `SELECT i.list_id, i.prc_id, i.prc_no, i.locname, i.canton, i.area, i.lon, i.lat,
  i.status, i.assignee_id, ${personName('a')} AS assignee_name, i.added_by, ${personName('b')} AS added_by_name,
  i.added_at, (SELECT COUNT(*) FROM parcel_list_notes n WHERE n.list_id = i.list_id AND n.prc_id = i.prc_id)
  AS note_count
  FROM parcel_list_items i LEFT JOIN users a ON a.id = i.assignee_id LEFT JOIN users b ON b.id = i.added_by`;

export const NOTE_SELECT = `SELECT n.id, n.list_id, n.prc_id, n.author_id, ${personName('u')} AS author_name,
  n.at, n.text FROM parcel_list_notes n LEFT JOIN users u ON u.id = n.author_id`;

export const ACTIVITY_SELECT = `SELECT e.id, e.list_id, e.prc_id, e.actor_id, ${personName('u')} AS actor_name,
  e.at, e.kind, e.detail FROM parcel_list_activity e LEFT JOIN users u ON u.id = e.actor_id`;

export const MEMBER_SELECT = `SELECT u.id, ${personName('u')} AS name FROM user_sites m JOIN users u ON u.id = m.user_id`;

export interface ListRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  site_id: string | null;
  site_name: string | null;
  created_at: number;
  updated_at: number;
}

export const toListRecord = (row: ListRow): ListRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  name: row.name,
  siteId: row.site_id,
  siteName: row.site_name,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export interface ListItemRow {
  list_id: string;
  prc_id: string;
  prc_no: string;
  locname: string;
  canton: string;
  area: number;
  lon: number;
  lat: number;
  status: ListStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  added_by: string | null;
  added_by_name: string | null;
  added_at: number;
  note_count: number;
}

export const toListItemRecord = (row: ListItemRow): ListItemRecord => ({
  listId: row.list_id,
  prcId: row.prc_id,
  prcNo: row.prc_no,
  locname: row.locname,
  canton: row.canton,
  area: row.area,
  lon: row.lon,
  lat: row.lat,
  status: row.status,
  assigneeId: row.assignee_id,
  assigneeName: row.assignee_id ? row.assignee_name : null,
  addedById: row.added_by,
  addedByName: row.added_by ? row.added_by_name : null,
  addedAt: Number(row.added_at),
  noteCount: Number(row.note_count),
});

/** The values of an item's INSERT in column order. */
export const itemInsertValues = (item: NewListItem) =>
  [
    item.listId,
    item.prcId,
    item.prcNo,
    item.locname,
    item.canton,
    item.area,
    item.lon,
    item.lat,
    item.status,
    item.addedBy,
    item.addedAt,
    item.facts,
  ] as const;

export interface ListNoteRow {
  id: string;
  list_id: string;
  prc_id: string;
  author_id: string | null;
  author_name: string | null;
  at: number;
  text: string;
}

export const toListNoteRecord = (row: ListNoteRow): ListNoteRecord => ({
  id: row.id,
  listId: row.list_id,
  prcId: row.prc_id,
  authorId: row.author_id,
  authorName: row.author_id ? row.author_name : null,
  at: Number(row.at),
  text: row.text,
});

export interface ListActivityRow {
  id: string;
  list_id: string;
  prc_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  at: number;
  kind: ListActivityKind;
  detail: string;
}

export const toListActivityRecord = (row: ListActivityRow): ListActivityRecord => {
  const detail = JSON.parse(row.detail) as { from?: string | null; to?: string | null };
  return {
    id: row.id,
    listId: row.list_id,
    prcId: row.prc_id,
    actorId: row.actor_id,
    actorName: row.actor_id ? row.actor_name : null,
    at: Number(row.at),
    kind: row.kind,
    from: detail.from ?? null,
    to: detail.to ?? null,
  };
};

export const activityInsertValues = (entry: NewListActivity) =>
  [
    entry.id,
    entry.listId,
    entry.prcId,
    entry.actorId,
    entry.at,
    entry.kind,
    JSON.stringify({ from: entry.from, to: entry.to }),
  ] as const;
