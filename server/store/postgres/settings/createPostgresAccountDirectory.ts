import {
  toDirectoryRow,
  type AccountDirectory,
  type DirectoryQueryRow,
} from '../../contract/settings/AccountDirectory';
import type { PostgresConnection } from '../PostgresConnection';

/** strpos on lower-cased text instead of LIKE, so `%` and `_` in a search are plain characters. */
const MATCH = `($1 = '' OR strpos(lower(u.username), $1) > 0 OR strpos(lower(u.email), $1) > 0
  OR strpos(lower(u.name), $1) > 0)`;

const COLUMNS = `u.id, u.username, u.email, u.name, u.status, u.roles::text AS roles,
  (SELECT s.product FROM subscriptions s WHERE s.user_id = u.id) AS plan,
  (SELECT max(created_at) FROM sessions WHERE user_id = u.id) AS last_login_at`;

/** The administrators' account list, ordered by username ignoring case as SQLite's NOCASE column orders it. */
export function createPostgresAccountDirectory(db: PostgresConnection): AccountDirectory {
  return {
    async page({ search, limit, offset }) {
      const term = search.trim().toLowerCase();
      const rows = await db.query<DirectoryQueryRow>(
        `SELECT ${COLUMNS} FROM users u WHERE ${MATCH}
         ORDER BY lower(u.username) COLLATE "C", u.username COLLATE "C" LIMIT $2 OFFSET $3`,
        [term, limit, offset],
      );
      const total = await db.one<{ n: number }>(`SELECT count(*) AS n FROM users u WHERE ${MATCH}`, [term]);
      return { rows: rows.map(toDirectoryRow), total: total?.n ?? 0 };
    },
    async find(id) {
      const row = await db.one<DirectoryQueryRow>(`SELECT ${COLUMNS} FROM users u WHERE u.id = $1`, [id]);
      return row ? toDirectoryRow(row) : null;
    },
  };
}
