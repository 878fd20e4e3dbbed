import {
  changeAssignments,
  SAVED_SEARCH_SELECT,
  toSavedSearchRecord,
  type SavedSearchRow,
  type SavedSearchStore,
} from '../../contract/savedSearches/SavedSearchStore';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';

/** Saved searches shared by every instance; a match is recorded by one statement, once. */
export function createPostgresSavedSearchStore(db: PostgresConnection): SavedSearchStore {
  return {
    async create(search) {
      await db.run(
        `INSERT INTO saved_searches (id, owner_id, name, query, area, alert, site_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [
          search.id,
          search.ownerId,
          search.name,
          search.query,
          search.area === null ? null : JSON.stringify(search.area),
          search.alert,
          search.siteId,
          search.at,
        ],
      );
    },
    async find(id) {
      const row = await db.one<SavedSearchRow>(`${SAVED_SEARCH_SELECT} WHERE q.id = $1`, [id]);
      return row ? toSavedSearchRecord(row) : null;
    },
    visible: async (userId) =>
      (
        await db.query<SavedSearchRow>(
          `${SAVED_SEARCH_SELECT} WHERE q.owner_id = $1 OR q.site_id IN (SELECT site_id FROM user_sites WHERE user_id = $1)
           ORDER BY q.updated_at DESC, q.id`,
          [userId],
        )
      ).map(toSavedSearchRecord),
    countOwned: async (ownerId) =>
      (
        await db.one<{ n: number }>('SELECT COUNT(*)::integer AS n FROM saved_searches WHERE owner_id = $1', [
          ownerId,
        ])
      )?.n ?? 0,
    async update(id, change, at) {
      const { columns, values } = changeAssignments(change, at);
      const set = columns.map((column, index) => `${column} = $${index + 1}`).join(', ');
      return (
        (await db.run(`UPDATE saved_searches SET ${set} WHERE id = $${columns.length + 1}`, [
          ...values,
          id,
        ])) === 1
      );
    },
    remove: async (id) => (await db.run('DELETE FROM saved_searches WHERE id = $1', [id])) === 1,
    alerting: async () =>
      (
        await db.query<SavedSearchRow>(
          `${SAVED_SEARCH_SELECT} WHERE q.alert <> 'off' ORDER BY q.created_at, q.id`,
        )
      ).map(toSavedSearchRecord),
    recordMatches: async (searchId, prcIds, foundAt, alertedAt) => {
      if (prcIds.length === 0) return [];
      const rows = await db.query<{ prc_id: string }>(
        `INSERT INTO saved_search_matches (search_id, prc_id, found_at, alerted_at)
         SELECT $1, p.prc_id, $3, $4 FROM unnest($2::text[]) WITH ORDINALITY AS p (prc_id, n) ORDER BY p.n
         ON CONFLICT (search_id, prc_id) DO NOTHING RETURNING prc_id`,
        [searchId, toTextArray(prcIds), foundAt, alertedAt],
      );
      const recorded = new Set(rows.map((row) => row.prc_id));
      return prcIds.filter((prcId) => recorded.has(prcId));
    },
    pendingMatches: async (searchId) =>
      (
        await db.query<{ prc_id: string }>(
          `SELECT prc_id FROM saved_search_matches WHERE search_id = $1 AND alerted_at IS NULL
           ORDER BY found_at, prc_id`,
          [searchId],
        )
      ).map((row) => row.prc_id),
    async markAlerted(searchId, prcIds, at) {
      await db.run(
        `UPDATE saved_search_matches SET alerted_at = $1
         WHERE search_id = $2 AND prc_id = ANY($3::text[]) AND alerted_at IS NULL`,
        [at, searchId, toTextArray(prcIds)],
      );
    },
    async setMatchedVersion(searchId, version) {
      await db.run('UPDATE saved_searches SET matched_version = $1 WHERE id = $2', [version, searchId]);
    },
    async claimDigest(searchId, lastAt, at) {
      const claimed = await db.run(
        'UPDATE saved_searches SET digest_at = $1 WHERE id = $2 AND digest_at IS NOT DISTINCT FROM $3',
        [at, searchId, lastAt],
      );
      return claimed === 1;
    },
  };
}
