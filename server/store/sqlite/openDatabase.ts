import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import type { Migration } from './migrations/Migration';
import { migrations as allMigrations } from './migrations';
import { timeStatements } from './statementTimings/timedStatements';

/**
 * A connection to the server's database (or a dataset file of its schema): for the adapter's own code and
 * the SQLite benchmarks, which measure the file on purpose.
 */
export type SqliteDatabase = Db;

/** The server's SQLite database in DATA_DIR. */
export const DATABASE_FILE_NAME = 'parcel-atlas.sqlite';

/**
 * Opens (or creates) the SQLite file in WAL mode and applies every pending migration. Its statements can be
 * timed for the metrics (observeStatements).
 */
export function openDatabase(file: string, migrations: Migration[] = allMigrations): Db {
  const db = new Database(file);
  timeStatements(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

export function migrate(db: Db, migrations: Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  );
  const pending = [...migrations]
    .sort((a, b) => a.version - b.version)
    .filter((m) => !applied.has(m.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
  }
}
