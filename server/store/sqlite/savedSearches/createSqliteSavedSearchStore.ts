import type { Database } from 'better-sqlite3';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import {
  changeAssignments,
  SAVED_SEARCH_SELECT,
  toSavedSearchRecord,
  type SavedSearchRow,
  type SavedSearchStore,
} from '../../contract/savedSearches/SavedSearchStore';

export function createSqliteSavedSearchStore(db: Database): Synchronous<SavedSearchStore> {
  const insert = db.prepare(
    `INSERT INTO saved_searches (id, owner_id, name, query, area, alert, site_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[string], SavedSearchRow>(`${SAVED_SEARCH_SELECT} WHERE q.id = ?`);
  const visible = db.prepare<[string, string], SavedSearchRow>(
    `${SAVED_SEARCH_SELECT} WHERE q.owner_id = ? OR q.site_id IN (SELECT site_id FROM user_sites WHERE user_id = ?)
     ORDER BY q.updated_at DESC, q.id`,
  );
  const countOwned = db.prepare<[string], number>('SELECT COUNT(*) FROM saved_searches WHERE owner_id = ?');
  const remove = db.prepare('DELETE FROM saved_searches WHERE id = ?');
  const alerting = db.prepare<[], SavedSearchRow>(
    `${SAVED_SEARCH_SELECT} WHERE q.alert <> 'off' ORDER BY q.created_at, q.id`,
  );
  const insertMatch = db.prepare<[string, string, number, number | null], { prc_id: string }>(
    `INSERT INTO saved_search_matches (search_id, prc_id, found_at, alerted_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (search_id, prc_id) DO NOTHING RETURNING prc_id`,
  );
  const pending = db.prepare<[string], string>(
    `SELECT prc_id FROM saved_search_matches WHERE search_id = ? AND alerted_at IS NULL
     ORDER BY found_at, prc_id`,
  );
  const markAlerted = db.prepare(
    'UPDATE saved_search_matches SET alerted_at = ? WHERE search_id = ? AND prc_id = ? AND alerted_at IS NULL',
  );
  const setVersion = db.prepare('UPDATE saved_searches SET matched_version = ? WHERE id = ?');
  const claimDigest = db.prepare('UPDATE saved_searches SET digest_at = ? WHERE id = ? AND digest_at IS ?');
  const recordAll = db.transaction(
    (searchId: string, prcIds: readonly string[], foundAt: number, alertedAt: number | null) =>
      prcIds.filter((prcId) => insertMatch.get(searchId, prcId, foundAt, alertedAt) !== undefined),
  );
  const markAll = db.transaction((searchId: string, prcIds: readonly string[], at: number) => {
    for (const prcId of prcIds) markAlerted.run(at, searchId, prcId);
  });
  return {
    create(search) {
      insert.run(
        search.id,
        search.ownerId,
        search.name,
        search.query,
        search.area === null ? null : JSON.stringify(search.area),
        search.alert,
        search.siteId,
        search.at,
        search.at,
      );
    },
    find(id) {
      const row = byId.get(id);
      return row ? toSavedSearchRecord(row) : null;
    },
    visible: (userId) => visible.all(userId, userId).map(toSavedSearchRecord),
    countOwned: (ownerId) => countOwned.pluck().get(ownerId) as number,
    update(id, change, at) {
      const { columns, values } = changeAssignments(change, at);
      const set = columns.map((column) => `${column} = ?`).join(', ');
      return db.prepare(`UPDATE saved_searches SET ${set} WHERE id = ?`).run(...values, id).changes === 1;
    },
    remove: (id) => remove.run(id).changes === 1,
    alerting: () => alerting.all().map(toSavedSearchRecord),
    recordMatches: (searchId, prcIds, foundAt, alertedAt) => recordAll(searchId, prcIds, foundAt, alertedAt),
    pendingMatches: (searchId) => pending.pluck().all(searchId),
    markAlerted(searchId, prcIds, at) {
      markAll(searchId, prcIds, at);
    },
    setMatchedVersion(searchId, version) {
      setVersion.run(version, searchId);
    },
    claimDigest: (searchId, lastAt, at) => claimDigest.run(at, searchId, lastAt).changes === 1,
  };
}
