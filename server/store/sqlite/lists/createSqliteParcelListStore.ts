import type { Database } from 'better-sqlite3';
import type { ListStatus } from '../../../../src/contract/ParcelLists';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
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

export function createSqliteParcelListStore(db: Database): Synchronous<ParcelListStore> {
  const insertList = db.prepare(
    'INSERT INTO parcel_lists (id, owner_id, name, site_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[string], ListRow>(`${LIST_SELECT} WHERE l.id = ?`);
  const visible = db.prepare<[string, string], ListRow>(
    `${LIST_SELECT} WHERE l.owner_id = ? OR l.site_id IN (SELECT site_id FROM user_sites WHERE user_id = ?)
     ORDER BY l.updated_at DESC, l.id`,
  );
  const counts = db.prepare<[string], { status: ListStatus; count: number }>(
    'SELECT status, COUNT(*) AS count FROM parcel_list_items WHERE list_id = ? GROUP BY status',
  );
  const rename = db.prepare('UPDATE parcel_lists SET name = ?, updated_at = ? WHERE id = ?');
  const share = db.prepare('UPDATE parcel_lists SET site_id = ?, updated_at = ? WHERE id = ?');
  const touch = db.prepare('UPDATE parcel_lists SET updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM parcel_lists WHERE id = ?');
  const insertItem = db.prepare(
    `INSERT INTO parcel_list_items (list_id, prc_id, prc_no, locname, canton, area, lon, lat, status, added_by, added_at, facts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, prc_id) DO NOTHING`,
  );
  const countItems = db.prepare<[string], number>('SELECT COUNT(*) FROM parcel_list_items WHERE list_id = ?');
  const removeItem = db.prepare('DELETE FROM parcel_list_items WHERE list_id = ? AND prc_id = ?');
  const items = db.prepare<[string], ListItemRow>(
    `${ITEM_SELECT} WHERE i.list_id = ? ORDER BY i.added_at, i.prc_id`,
  );
  const item = db.prepare<[string, string], ListItemRow>(
    `${ITEM_SELECT} WHERE i.list_id = ? AND i.prc_id = ?`,
  );
  const setStatus = db.prepare('UPDATE parcel_list_items SET status = ? WHERE list_id = ? AND prc_id = ?');
  const setAssignee = db.prepare(
    'UPDATE parcel_list_items SET assignee_id = ? WHERE list_id = ? AND prc_id = ?',
  );
  const insertNote = db.prepare(
    'INSERT INTO parcel_list_notes (id, list_id, prc_id, author_id, at, text) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const notes = db.prepare<[string, string], ListNoteRow>(
    `${NOTE_SELECT} WHERE n.list_id = ? AND n.prc_id = ? ORDER BY n.at DESC, n.id DESC`,
  );
  const insertActivity = db.prepare(
    'INSERT INTO parcel_list_activity (id, list_id, prc_id, actor_id, at, kind, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const listActivity = db.prepare<[string, number], ListActivityRow>(
    `${ACTIVITY_SELECT} WHERE e.list_id = ? ORDER BY e.at DESC, e.id DESC LIMIT ?`,
  );
  const itemActivity = db.prepare<[string, string, number], ListActivityRow>(
    `${ACTIVITY_SELECT} WHERE e.list_id = ? AND e.prc_id = ? ORDER BY e.at DESC, e.id DESC LIMIT ?`,
  );
  const labels = db.prepare<[string], { status: ListStatus; label: string }>(
    'SELECT status, label FROM site_list_statuses WHERE site_id = ? ORDER BY status',
  );
  const upsertLabel = db.prepare(
    `INSERT INTO site_list_statuses (site_id, status, label) VALUES (?, ?, ?)
     ON CONFLICT (site_id, status) DO UPDATE SET label = excluded.label`,
  );
  const deleteLabel = db.prepare('DELETE FROM site_list_statuses WHERE site_id = ? AND status = ?');
  const members = db.prepare<[string], { id: string; name: string }>(
    `${MEMBER_SELECT} WHERE m.site_id = ? ORDER BY name, u.id`,
  );
  const toCompare = db.prepare<[string], ListRow>(
    `${LIST_SELECT} WHERE l.facts_version IS NOT ? ORDER BY l.created_at, l.id`,
  );
  const itemFacts = db.prepare<[string], ListItemFacts>(
    `SELECT prc_id AS prcId, prc_no AS prcNo, locname, assignee_id AS assigneeId, facts
     FROM parcel_list_items WHERE list_id = ? ORDER BY added_at, prc_id`,
  );
  const replaceFacts = db.prepare(
    'UPDATE parcel_list_items SET facts = ? WHERE list_id = ? AND prc_id = ? AND facts IS ?',
  );
  const setFactsVersion = db.prepare('UPDATE parcel_lists SET facts_version = ? WHERE id = ?');
  return {
    createList(list) {
      insertList.run(list.id, list.ownerId, list.name, list.siteId, list.at, list.at);
    },
    findList(id) {
      const row = byId.get(id);
      return row ? toListRecord(row) : null;
    },
    visibleLists: (userId) => visible.all(userId, userId).map(toListRecord),
    statusCounts: (listId) => counts.all(listId),
    renameList: (id, name, at) => rename.run(name, at, id).changes === 1,
    shareList: (id, siteId, at) => share.run(siteId, at, id).changes === 1,
    touchList(id, at) {
      touch.run(at, id);
    },
    deleteList: (id) => remove.run(id).changes === 1,
    addItem: (newItem) => insertItem.run(...itemInsertValues(newItem)).changes === 1,
    countItems: (listId) => countItems.pluck().get(listId) as number,
    removeItem: (listId, prcId) => removeItem.run(listId, prcId).changes === 1,
    items: (listId) => items.all(listId).map(toListItemRecord),
    findItem(listId, prcId) {
      const row = item.get(listId, prcId);
      return row ? toListItemRecord(row) : null;
    },
    setStatus: (listId, prcId, status) => setStatus.run(status, listId, prcId).changes === 1,
    setAssignee: (listId, prcId, assigneeId) => setAssignee.run(assigneeId, listId, prcId).changes === 1,
    addNote(note) {
      insertNote.run(note.id, note.listId, note.prcId, note.authorId, note.at, note.text);
    },
    notes: (listId, prcId) => notes.all(listId, prcId).map(toListNoteRecord),
    appendActivity(entry) {
      insertActivity.run(...activityInsertValues(entry));
    },
    activity: (listId, prcId, limit) =>
      (prcId === null ? listActivity.all(listId, limit) : itemActivity.all(listId, prcId, limit)).map(
        toListActivityRecord,
      ),
    statusLabels: (siteId) => labels.all(siteId),
    renameStatus(siteId, status, label) {
      if (label === null) deleteLabel.run(siteId, status);
      else upsertLabel.run(siteId, status, label);
    },
    siteMembers: (siteId) => members.all(siteId),
    listsToCompare: (version) => toCompare.all(version).map(toListRecord),
    itemFacts: (listId) => itemFacts.all(listId),
    replaceItemFacts: (listId, prcId, expected, facts) =>
      replaceFacts.run(facts, listId, prcId, expected).changes === 1,
    setFactsVersion(listId, version) {
      setFactsVersion.run(version, listId);
    },
  };
}
