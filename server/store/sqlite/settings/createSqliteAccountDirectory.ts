import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import {
  type AccountDirectory,
  type DirectoryQueryRow,
  toDirectoryRow,
} from '../../contract/settings/AccountDirectory';

/** `instr` on lower-cased text instead of LIKE, so `%` and `_` in a search are plain characters. */
const MATCH = `(? = '' OR instr(lower(u.username), ?) > 0 OR instr(lower(u.email), ?) > 0
  OR instr(lower(u.name), ?) > 0)`;

const COLUMNS = `u.id, u.username, u.email, u.name, u.status, u.roles,
  (SELECT s.product FROM subscriptions s WHERE s.user_id = u.id) AS plan,
  (SELECT max(created_at) FROM sessions WHERE user_id = u.id) AS last_login_at`;

export function createSqliteAccountDirectory(db: Database): Synchronous<AccountDirectory> {
  const select = db.prepare<[string, string, string, string, number, number], DirectoryQueryRow>(
    `SELECT ${COLUMNS} FROM users u WHERE ${MATCH} ORDER BY u.username LIMIT ? OFFSET ?`,
  );
  const byId = db.prepare<[string], DirectoryQueryRow>(`SELECT ${COLUMNS} FROM users u WHERE u.id = ?`);
  const count = db.prepare<[string, string, string, string], { n: number }>(
    `SELECT count(*) AS n FROM users u WHERE ${MATCH}`,
  );
  return {
    page({ search, limit, offset }) {
      const term = search.trim().toLowerCase();
      const terms = [term, term, term, term] as const;
      return {
        rows: select.all(...terms, limit, offset).map(toDirectoryRow),
        total: count.get(...terms)?.n ?? 0,
      };
    },
    find(id) {
      const row = byId.get(id);
      return row ? toDirectoryRow(row) : null;
    },
  };
}
