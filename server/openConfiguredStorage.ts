import type { Logger } from 'pino';
import type { Config } from './config';
import { ensureDataset } from './data/ensureDataset';
import { ensurePostgresDataset } from './data/buildPostgresDataset';
import type { Storage } from './store/contract/Storage';
import type { OpenedCadastreWriter } from './store/contract/parcels/CadastreWriter';
import { openPostgresCadastreWriter } from './store/postgres/cadastre/openPostgresCadastreWriter';
import { openSqliteCadastreWriter } from './store/sqlite/parcels/openSqliteCadastreWriter';
import { openStorage as openPostgresStorage } from './store/postgres/openStorage';
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
    if (prepareDataset) await ensurePostgresDataset(config.databaseUrl, config, prepareDataset.logger);
    // Every repository is on PostgreSQL: no SQLite file in DATA_DIR, which the instances of a deployment
    // share (uploaded files) and would lock each other out of when they start together.
    return openPostgresStorage({ ...config, databaseUrl: config.databaseUrl });
  }
  if (prepareDataset) await ensureDataset(sqliteFileOf(config), config, prepareDataset.logger);
  return openSqliteStorage(config);
}

/** Where a cadastre import writes: an SQLite file of the server's schema, or a PostgreSQL database. */
export type CadastreWriterLocation = { sqliteFile: string } | { databaseUrl: string };

/**
 * The cadastre and buildings writers of the adapter `location` names, on a connection of their own (the
 * import thread beside the server's connections, `npm run import` without a server): chosen here too, so
 * no other file picks an adapter.
 */
export async function openCadastreWriterAt(location: CadastreWriterLocation): Promise<OpenedCadastreWriter> {
  return 'sqliteFile' in location
    ? openSqliteCadastreWriter(location.sqliteFile)
    : openPostgresCadastreWriter(location.databaseUrl);
}
