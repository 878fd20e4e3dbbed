import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** One account as the administrators' Users tab lists it (a read model over several tables). */
export interface DirectoryRow {
  id: string;
  username: string;
  email: string;
  name: string;
  status: 'active' | 'invited';
  roles: string[];
  /** Product name of the subscription, or null without one. */
  plan: string | null;
  /** When the last sign-in session started (epoch ms), or null if never. */
  lastLoginAt: number | null;
}

export interface DirectoryQuery {
  /** Matches username, e-mail or name (case-insensitive substring). */
  search: string;
  limit: number;
  offset: number;
}

/** The administrators' account list: search and paging over users with their plan and last sign-in. */
export interface AccountDirectory {
  page(query: DirectoryQuery): Promise<{ rows: DirectoryRow[]; total: number }>;
  find(id: string): Promise<DirectoryRow | null>;
}

/** The directory's query row as both adapters read it (roles as JSON text). */
export interface DirectoryQueryRow {
  id: string;
  username: string;
  email: string;
  name: string;
  status: 'active' | 'invited';
  roles: string;
  plan: string | null;
  last_login_at: number | null;
}

/** `instr` on lower-cased text instead of LIKE, so `%` and `_` in a search are plain characters. */
const MATCH = `(? = '' OR instr(lower(u.username), ?) > 0 OR instr(lower(u.email), ?) > 0
  OR instr(lower(u.name), ?) > 0)`;

const COLUMNS = `u.id, u.username, u.email, u.name, u.status, u.roles,
  (SELECT s.product FROM subscriptions s WHERE s.user_id = u.id) AS plan,
  (SELECT max(created_at) FROM sessions WHERE user_id = u.id) AS last_login_at`;

export const toDirectoryRow = (row: DirectoryQueryRow): DirectoryRow => ({
  id: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  status: row.status,
  roles: JSON.parse(row.roles) as string[],
  plan: row.plan,
  lastLoginAt: row.last_login_at,
});

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
