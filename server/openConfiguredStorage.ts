import type { Logger } from 'pino';
import type { Config } from './config';
import { ensureDataset } from './data/ensureDataset';
import type { Storage } from './store/contract/Storage';
import { openStorage as openSqliteStorage, sqliteFileOf } from './store/sqlite/openStorage';

export interface OpenStorageOptions {
  /**
   * Builds the demo dataset first when there is none (main.ts: on first start, with progress lines); each
   * step is idempotent.
   */
  prepareDataset?: { logger: Logger };
}

/**
 * The one place the storage adapter is chosen: PostgreSQL/PostGIS when DATABASE_URL is set (config.ts
 * reads it), else the embedded SQLite file in DATA_DIR. Everything else takes the `Storage` this gives.
 */
export async function openConfiguredStorage(
  config: Config,
  options: OpenStorageOptions = {},
): Promise<Storage> {
  const { prepareDataset } = options;
  if (config.databaseUrl !== null) {
    // The PostgreSQL adapter (its repositories, migrations and node-postgres) loads only when it is chosen.
    if (prepareDataset) {
      const { ensurePostgresDataset } = await import('./data/buildPostgresDataset');
      await ensurePostgresDataset(config.databaseUrl, config, prepareDataset.logger);
    }
    // Every repository is on PostgreSQL: no SQLite file in DATA_DIR, which the instances of a deployment
    // share (uploaded files) and would lock each other out of when they start together.
    const { openStorage: openPostgresStorage } = await import('./store/postgres/openStorage');
    return openPostgresStorage({ ...config, databaseUrl: config.databaseUrl });
  }
  if (prepareDataset) await ensureDataset(sqliteFileOf(config), config, prepareDataset.logger);
  return openSqliteStorage(config);
}
