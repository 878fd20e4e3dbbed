import type { PostgresConnection } from '../PostgresConnection';
import type { PostgresMigration } from './PostgresMigration';

/** Any fixed number: the advisory lock that lets one instance migrate while the others wait. */
const MIGRATION_LOCK = 21_017;

/**
 * Applies the pending migrations with the same `schema_migrations` bookkeeping as SQLite, all in one
 * transaction (PostgreSQL's DDL is transactional) under an advisory lock, so app instances starting
 * together neither race nor see half a schema.
 */
export function migratePostgres(
  db: PostgresConnection,
  migrations: readonly PostgresMigration[],
): Promise<number[]> {
  return db.transaction(async () => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const applied = new Set(
      (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const pending = [...migrations]
      .sort((a, b) => a.version - b.version)
      .filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await db.exec(migration.sql);
      await db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    }
    return pending.map((migration) => migration.version);
  });
}
