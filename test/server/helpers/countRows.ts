import type { Database } from 'better-sqlite3';

/** A counter of the database's rows: `count('SELECT COUNT(*) FROM …', …params)` gives the single value. */
export const countRows =
  (db: () => Database) =>
  (sql: string, ...params: (string | number)[]): number =>
    db()
      .prepare(sql)
      .pluck()
      .get(...params) as number;
