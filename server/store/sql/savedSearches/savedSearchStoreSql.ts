import {
  changeAssignments,
  SAVED_SEARCH_SELECT,
  toSavedSearchRecord,
  type SavedSearchRow,
  type SavedSearchStore,
} from '../../contract/savedSearches/SavedSearchStore';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** Saved searches; a match is recorded by one statement, once. */
export const savedSearchStoreSql: SqlRepositoryDefinition<SavedSearchStore> = (dialect) => ({
  *create(search) {
    yield* run(
      `INSERT INTO saved_searches (id, owner_id, name, query, area, alert, site_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
  *find(id) {
    const row = yield* one<SavedSearchRow>(`${SAVED_SEARCH_SELECT} WHERE q.id = ?`, id);
    return row ? toSavedSearchRecord(row) : null;
  },
  *visible(userId) {
    const rows = yield* all<SavedSearchRow>(
      `${SAVED_SEARCH_SELECT} WHERE q.owner_id = ? OR q.site_id IN (SELECT site_id FROM user_sites WHERE user_id = ?)
       ORDER BY q.updated_at DESC, q.id`,
      userId,
      userId,
    );
    return rows.map(toSavedSearchRecord);
  },
  *countOwned(ownerId) {
    return (
      (yield* one<{ n: number }>('SELECT COUNT(*) AS n FROM saved_searches WHERE owner_id = ?', ownerId))
        ?.n ?? 0
    );
  },
  *update(id, change, at) {
    const { columns, values } = changeAssignments(change, at);
    const set = columns.map((column) => `${column} = ?`).join(', ');
    return (yield* run(`UPDATE saved_searches SET ${set} WHERE id = ?`, ...values, id)) === 1;
  },
  *remove(id) {
    return (yield* run('DELETE FROM saved_searches WHERE id = ?', id)) === 1;
  },
  *alerting() {
    const rows = yield* all<SavedSearchRow>(
      `${SAVED_SEARCH_SELECT} WHERE q.alert <> 'off' ORDER BY q.created_at, q.id`,
    );
    return rows.map(toSavedSearchRecord);
  },
  *recordMatches(searchId, prcIds, foundAt, alertedAt) {
    if (prcIds.length === 0) return [];
    const rows = yield* all<{ prc_id: string }>(
      `INSERT INTO saved_search_matches (search_id, prc_id, found_at, alerted_at)
       SELECT ?, value, ?, ? FROM ${dialect.textSet} AS found WHERE true
       ON CONFLICT (search_id, prc_id) DO NOTHING RETURNING prc_id`,
      searchId,
      foundAt,
      alertedAt,
      dialect.textSetValue(prcIds),
    );
    const recorded = new Set(rows.map((row) => row.prc_id));
    // In the order given, each parcel once (RETURNING's order is the database's).
    return prcIds.filter((prcId) => recorded.delete(prcId));
  },
  *pendingMatches(searchId) {
    const rows = yield* all<{ prc_id: string }>(
      `SELECT prc_id FROM saved_search_matches WHERE search_id = ? AND alerted_at IS NULL
       ORDER BY found_at, prc_id`,
      searchId,
    );
    return rows.map((row) => row.prc_id);
  },
  *markAlerted(searchId, prcIds, at) {
    yield* run(
      `UPDATE saved_search_matches SET alerted_at = ?
       WHERE search_id = ? AND prc_id IN ${dialect.textSet} AND alerted_at IS NULL`,
      at,
      searchId,
      dialect.textSetValue(prcIds),
    );
  },
  *setMatchedVersion(searchId, version) {
    yield* run('UPDATE saved_searches SET matched_version = ? WHERE id = ?', version, searchId);
  },
  // Conditional on the digest time read before: of two instances sending the same digest, one wins.
  *claimDigest(searchId, lastAt, at) {
    const claimed = yield* run(
      'UPDATE saved_searches SET digest_at = ? WHERE id = ? AND digest_at IS NOT DISTINCT FROM ?',
      at,
      searchId,
      lastAt,
    );
    return claimed === 1;
  },
});
