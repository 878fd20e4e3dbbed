import fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import { migrations } from './migrations';
import { missingVersions, type StorageHealth } from '../contract/StorageHealth';

/** Where a dataset build writes beside the database file before it swaps the result in. */
export const buildFileOf = (file: string) => `${file}.building`;

/**
 * The embedded database's health. A dataset build writes beside the database (`datasetBuildFile`) and
 * swaps it in at the end, so the file's presence says a build is under way.
 */
export function createSqliteStorageHealth(db: Database, datasetBuildFile: string | null): StorageHealth {
  return {
    async pendingMigrations() {
      const applied = db
        .prepare('SELECT version FROM schema_migrations')
        .pluck()
        .all()
        .map((version) => Number(version));
      return missingVersions(
        migrations.map((migration) => migration.version),
        applied,
      );
    },
    async datasetBuilding() {
      return datasetBuildFile !== null && fs.existsSync(datasetBuildFile);
    },
    poolUse: () => null,
  };
}
