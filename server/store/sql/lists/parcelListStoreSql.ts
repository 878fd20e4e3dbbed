import type { ListStatus } from '../../../../src/contract/ParcelLists';
import {
  ACTIVITY_SELECT,
  activityInsertValues,
  ITEM_SELECT,
  itemInsertValues,
  LIST_SELECT,
  MEMBER_SELECT,
  NOTE_SELECT,
  toListActivityRecord,
  toListItemRecord,
  toListNoteRecord,
  toListRecord,
  type ListActivityRow,
  type ListItemFacts,
  type ListItemRow,
  type ListNoteRow,
  type ListRow,
  type ParcelListStore,
} from '../../contract/lists/ParcelListStore';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** Parcel lists; each change is one statement. */
export const parcelListStoreSql: SqlRepositoryDefinition<ParcelListStore> = () => ({
  *createList(list) {
    yield* run(
      'INSERT INTO parcel_lists (id, owner_id, name, site_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      list.id,
      list.ownerId,
      list.name,
      list.siteId,
      list.at,
      list.at,
    );
  },
  *findList(id) {
    const row = yield* one<ListRow>(`${LIST_SELECT} WHERE l.id = ?`, id);
    return row ? toListRecord(row) : null;
  },
  *visibleLists(userId) {
    const rows = yield* all<ListRow>(
      `${LIST_SELECT} WHERE l.owner_id = ? OR l.site_id IN (SELECT site_id FROM user_sites WHERE user_id = ?)
       ORDER BY l.updated_at DESC, l.id`,
      userId,
      userId,
    );
    return rows.map(toListRecord);
  },
  statusCounts: (listId) =>
    all<{ status: ListStatus; count: number }>(
      'SELECT status, COUNT(*) AS count FROM parcel_list_items WHERE list_id = ? GROUP BY status',
      listId,
    ),
  *renameList(id, name, at) {
    return (yield* run('UPDATE parcel_lists SET name = ?, updated_at = ? WHERE id = ?', name, at, id)) === 1;
  },
  *shareList(id, siteId, at) {
    return (
      (yield* run('UPDATE parcel_lists SET site_id = ?, updated_at = ? WHERE id = ?', siteId, at, id)) === 1
    );
  },
  *touchList(id, at) {
    yield* run('UPDATE parcel_lists SET updated_at = ? WHERE id = ?', at, id);
  },
  *deleteList(id) {
    return (yield* run('DELETE FROM parcel_lists WHERE id = ?', id)) === 1;
  },
  *addItem(item) {
    const added = yield* run(
      `INSERT INTO parcel_list_items (list_id, prc_id, prc_no, locname, canton, area, lon, lat, status, added_by, added_at, facts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, prc_id) DO NOTHING`,
      ...itemInsertValues(item),
    );
    return added === 1;
  },
  *countItems(listId) {
    return (
      (yield* one<{ n: number }>('SELECT COUNT(*) AS n FROM parcel_list_items WHERE list_id = ?', listId))
        ?.n ?? 0
    );
  },
  *removeItem(listId, prcId) {
    return (
      (yield* run('DELETE FROM parcel_list_items WHERE list_id = ? AND prc_id = ?', listId, prcId)) === 1
    );
  },
  *items(listId) {
    const rows = yield* all<ListItemRow>(
      `${ITEM_SELECT} WHERE i.list_id = ? ORDER BY i.added_at, i.prc_id`,
      listId,
    );
    return rows.map(toListItemRecord);
  },
  *findItem(listId, prcId) {
    const row = yield* one<ListItemRow>(`${ITEM_SELECT} WHERE i.list_id = ? AND i.prc_id = ?`, listId, prcId);
    return row ? toListItemRecord(row) : null;
  },
  *setStatus(listId, prcId, status) {
    const set = yield* run(
      'UPDATE parcel_list_items SET status = ? WHERE list_id = ? AND prc_id = ?',
      status,
      listId,
      prcId,
    );
    return set === 1;
  },
  *setAssignee(listId, prcId, assigneeId) {
    const set = yield* run(
      'UPDATE parcel_list_items SET assignee_id = ? WHERE list_id = ? AND prc_id = ?',
      assigneeId,
      listId,
      prcId,
    );
    return set === 1;
  },
  *addNote(note) {
    yield* run(
      'INSERT INTO parcel_list_notes (id, list_id, prc_id, author_id, at, text) VALUES (?, ?, ?, ?, ?, ?)',
      note.id,
      note.listId,
      note.prcId,
      note.authorId,
      note.at,
      note.text,
    );
  },
  *notes(listId, prcId) {
    const rows = yield* all<ListNoteRow>(
      `${NOTE_SELECT} WHERE n.list_id = ? AND n.prc_id = ? ORDER BY n.at DESC, n.id DESC`,
      listId,
      prcId,
    );
    return rows.map(toListNoteRecord);
  },
  *appendActivity(entry) {
    yield* run(
      `INSERT INTO parcel_list_activity (id, list_id, prc_id, actor_id, at, kind, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ...activityInsertValues(entry),
    );
  },
  *activity(listId, prcId, limit) {
    const rows =
      prcId === null
        ? yield* all<ListActivityRow>(
            `${ACTIVITY_SELECT} WHERE e.list_id = ? ORDER BY e.at DESC, e.id DESC LIMIT ?`,
            listId,
            limit,
          )
        : yield* all<ListActivityRow>(
            `${ACTIVITY_SELECT} WHERE e.list_id = ? AND e.prc_id = ? ORDER BY e.at DESC, e.id DESC LIMIT ?`,
            listId,
            prcId,
            limit,
          );
    return rows.map(toListActivityRecord);
  },
  statusLabels: (siteId) =>
    all<{ status: ListStatus; label: string }>(
      'SELECT status, label FROM site_list_statuses WHERE site_id = ? ORDER BY status',
      siteId,
    ),
  *renameStatus(siteId, status, label) {
    if (label === null)
      yield* run('DELETE FROM site_list_statuses WHERE site_id = ? AND status = ?', siteId, status);
    else
      yield* run(
        `INSERT INTO site_list_statuses (site_id, status, label) VALUES (?, ?, ?)
         ON CONFLICT (site_id, status) DO UPDATE SET label = excluded.label`,
        siteId,
        status,
        label,
      );
  },
  siteMembers: (siteId) =>
    all<{ id: string; name: string }>(`${MEMBER_SELECT} WHERE m.site_id = ? ORDER BY name, u.id`, siteId),
  *listsToCompare(version) {
    const rows = yield* all<ListRow>(
      `${LIST_SELECT} WHERE l.facts_version IS DISTINCT FROM ? ORDER BY l.created_at, l.id`,
      version,
    );
    return rows.map(toListRecord);
  },
  itemFacts: (listId) =>
    all<ListItemFacts>(
      `SELECT prc_id AS "prcId", prc_no AS "prcNo", locname, assignee_id AS "assigneeId", facts
       FROM parcel_list_items WHERE list_id = ? ORDER BY added_at, prc_id`,
      listId,
    ),
  // Conditional on the facts read before: a list compared twice at once is written once.
  *replaceItemFacts(listId, prcId, expected, facts) {
    const replaced = yield* run(
      `UPDATE parcel_list_items SET facts = ?
       WHERE list_id = ? AND prc_id = ? AND facts IS NOT DISTINCT FROM ?`,
      facts,
      listId,
      prcId,
      expected,
    );
    return replaced === 1;
  },
  *setFactsVersion(listId, version) {
    yield* run('UPDATE parcel_lists SET facts_version = ? WHERE id = ?', version, listId);
  },
});
