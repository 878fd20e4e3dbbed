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
import type { PostgresConnection } from '../PostgresConnection';

/** Parcel lists shared by every instance; each change is one statement. */
export function createPostgresParcelListStore(db: PostgresConnection): ParcelListStore {
  return {
    async createList(list) {
      await db.run(
        `INSERT INTO parcel_lists (id, owner_id, name, site_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)`,
        [list.id, list.ownerId, list.name, list.siteId, list.at],
      );
    },
    async findList(id) {
      const row = await db.one<ListRow>(`${LIST_SELECT} WHERE l.id = $1`, [id]);
      return row ? toListRecord(row) : null;
    },
    visibleLists: async (userId) =>
      (
        await db.query<ListRow>(
          `${LIST_SELECT} WHERE l.owner_id = $1 OR l.site_id IN (SELECT site_id FROM user_sites WHERE user_id = $1)
           ORDER BY l.updated_at DESC, l.id`,
          [userId],
        )
      ).map(toListRecord),
    statusCounts: (listId) =>
      db.query<{ status: ListStatus; count: number }>(
        'SELECT status, COUNT(*)::integer AS count FROM parcel_list_items WHERE list_id = $1 GROUP BY status',
        [listId],
      ),
    renameList: async (id, name, at) =>
      (await db.run('UPDATE parcel_lists SET name = $1, updated_at = $2 WHERE id = $3', [name, at, id])) ===
      1,
    shareList: async (id, siteId, at) =>
      (await db.run('UPDATE parcel_lists SET site_id = $1, updated_at = $2 WHERE id = $3', [
        siteId,
        at,
        id,
      ])) === 1,
    async touchList(id, at) {
      await db.run('UPDATE parcel_lists SET updated_at = $1 WHERE id = $2', [at, id]);
    },
    deleteList: async (id) => (await db.run('DELETE FROM parcel_lists WHERE id = $1', [id])) === 1,
    addItem: async (item) =>
      (await db.run(
        `INSERT INTO parcel_list_items (list_id, prc_id, prc_no, locname, canton, area, lon, lat, status, added_by, added_at, facts)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (list_id, prc_id) DO NOTHING`,
        [...itemInsertValues(item)],
      )) === 1,
    countItems: async (listId) =>
      (
        await db.one<{ n: number }>(
          'SELECT COUNT(*)::integer AS n FROM parcel_list_items WHERE list_id = $1',
          [listId],
        )
      )?.n ?? 0,
    removeItem: async (listId, prcId) =>
      (await db.run('DELETE FROM parcel_list_items WHERE list_id = $1 AND prc_id = $2', [listId, prcId])) ===
      1,
    items: async (listId) =>
      (
        await db.query<ListItemRow>(`${ITEM_SELECT} WHERE i.list_id = $1 ORDER BY i.added_at, i.prc_id`, [
          listId,
        ])
      ).map(toListItemRecord),
    async findItem(listId, prcId) {
      const row = await db.one<ListItemRow>(`${ITEM_SELECT} WHERE i.list_id = $1 AND i.prc_id = $2`, [
        listId,
        prcId,
      ]);
      return row ? toListItemRecord(row) : null;
    },
    setStatus: async (listId, prcId, status) =>
      (await db.run('UPDATE parcel_list_items SET status = $1 WHERE list_id = $2 AND prc_id = $3', [
        status,
        listId,
        prcId,
      ])) === 1,
    setAssignee: async (listId, prcId, assigneeId) =>
      (await db.run('UPDATE parcel_list_items SET assignee_id = $1 WHERE list_id = $2 AND prc_id = $3', [
        assigneeId,
        listId,
        prcId,
      ])) === 1,
    async addNote(note) {
      await db.run(
        'INSERT INTO parcel_list_notes (id, list_id, prc_id, author_id, at, text) VALUES ($1, $2, $3, $4, $5, $6)',
        [note.id, note.listId, note.prcId, note.authorId, note.at, note.text],
      );
    },
    notes: async (listId, prcId) =>
      (
        await db.query<ListNoteRow>(
          `${NOTE_SELECT} WHERE n.list_id = $1 AND n.prc_id = $2 ORDER BY n.at DESC, n.id DESC`,
          [listId, prcId],
        )
      ).map(toListNoteRecord),
    async appendActivity(entry) {
      await db.run(
        `INSERT INTO parcel_list_activity (id, list_id, prc_id, actor_id, at, kind, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [...activityInsertValues(entry)],
      );
    },
    activity: async (listId, prcId, limit) =>
      (prcId === null
        ? await db.query<ListActivityRow>(
            `${ACTIVITY_SELECT} WHERE e.list_id = $1 ORDER BY e.at DESC, e.id DESC LIMIT $2`,
            [listId, limit],
          )
        : await db.query<ListActivityRow>(
            `${ACTIVITY_SELECT} WHERE e.list_id = $1 AND e.prc_id = $2 ORDER BY e.at DESC, e.id DESC LIMIT $3`,
            [listId, prcId, limit],
          )
      ).map(toListActivityRecord),
    statusLabels: (siteId) =>
      db.query<{ status: ListStatus; label: string }>(
        'SELECT status, label FROM site_list_statuses WHERE site_id = $1 ORDER BY status',
        [siteId],
      ),
    async renameStatus(siteId, status, label) {
      if (label === null)
        await db.run('DELETE FROM site_list_statuses WHERE site_id = $1 AND status = $2', [siteId, status]);
      else
        await db.run(
          `INSERT INTO site_list_statuses (site_id, status, label) VALUES ($1, $2, $3)
           ON CONFLICT (site_id, status) DO UPDATE SET label = excluded.label`,
          [siteId, status, label],
        );
    },
    siteMembers: (siteId) =>
      db.query<{ id: string; name: string }>(`${MEMBER_SELECT} WHERE m.site_id = $1 ORDER BY name, u.id`, [
        siteId,
      ]),
    listsToCompare: async (version) =>
      (
        await db.query<ListRow>(
          `${LIST_SELECT} WHERE l.facts_version IS DISTINCT FROM $1 ORDER BY l.created_at, l.id`,
          [version],
        )
      ).map(toListRecord),
    itemFacts: (listId) =>
      db.query<ListItemFacts>(
        `SELECT prc_id AS "prcId", prc_no AS "prcNo", locname, assignee_id AS "assigneeId", facts
         FROM parcel_list_items WHERE list_id = $1 ORDER BY added_at, prc_id`,
        [listId],
      ),
    replaceItemFacts: async (listId, prcId, expected, facts) =>
      (await db.run(
        `UPDATE parcel_list_items SET facts = $1
         WHERE list_id = $2 AND prc_id = $3 AND facts IS NOT DISTINCT FROM $4`,
        [facts, listId, prcId, expected],
      )) === 1,
    async setFactsVersion(listId, version) {
      await db.run('UPDATE parcel_lists SET facts_version = $1 WHERE id = $2', [version, listId]);
    },
  };
}
