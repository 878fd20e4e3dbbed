import type { PostgresConnection } from './PostgresConnection';
import { postgresMigrations } from './migrations';
import { DATASET_BUILD_LOCK } from './parcels/createPostgresDatasetWriter';
import { missingVersions, type StorageHealth } from '../contract/StorageHealth';

/**
 * PostgreSQL's health over the app's pool. A dataset build holds a transaction-level advisory lock
 * (DATASET_BUILD_LOCK) for its whole run, whichever process or instance builds: it shows in pg_locks.
 */
export function createPostgresStorageHealth(db: PostgresConnection): StorageHealth {
  return {
    async pendingMigrations() {
      const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
      return missingVersions(
        postgresMigrations.map((migration) => migration.version),
        applied.map((row) => row.version),
      );
    },
    async datasetBuilding() {
      // A bigint key is split into classid (high half) and objid (low half), objsubid 1.
      const row = await db.one<{ held: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
           AND classid = 0 AND objid = $1 AND objsubid = 1) AS held`,
        [DATASET_BUILD_LOCK],
      );
      return row?.held === true;
    },
    poolUse: () => db.poolUse(),
  };
}
