import Database from 'better-sqlite3';

/**
 * A consistent copy of a SQLite file while the server writes to it: SQLite's online backup API through a
 * connection of its own (a change made meanwhile restarts the copy, so it is one moment's state).
 */
export async function copyLiveSqliteFile(source: string, target: string): Promise<void> {
  const live = new Database(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target);
  } finally {
    live.close();
  }
}

/** What a backup reads of a SQLite file: SQLite's own check of it and the migrations it holds. */
export interface SqliteFileReader {
  /** 'ok', or what the check found wrong. */
  check(kind: 'quick_check' | 'integrity_check'): unknown;
  migrations(): number[];
}

/** Opens a SQLite file read-only for `read`, and closes it again. */
export function readSqliteFile<T>(file: string, read: (reader: SqliteFileReader) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read({
      check: (kind) => db.pragma(kind, { simple: true }),
      migrations: () =>
        db
          .prepare('SELECT version FROM schema_migrations ORDER BY version')
          .pluck()
          .all()
          .map((version) => Number(version)),
    });
  } finally {
    db.close();
  }
}
