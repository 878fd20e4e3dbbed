import type { Logger } from 'pino';
import type { Config } from '../config';
import { connectPostgres } from '../store/postgres/PostgresConnection';
import { postgresMigrations } from '../store/postgres/migrations';
import { migratePostgres } from '../store/postgres/migrations/migratePostgres';
import {
  createPostgresDatasetWriter,
  DATASET_BUILD_LOCK,
} from '../store/postgres/parcels/createPostgresDatasetWriter';
import type { AsyncDatasetWriter, DatasetInfo } from '../store/contract/parcels/DatasetWriter';
import { buildDatasetAsync, DATASET_GENERATOR_VERSION, type BuildDatasetOptions } from './buildDataset';
import { isUpToDate } from './build/buildDatasetFile';
import { fillPriceLevelsAsync } from './catalog/priceLevels';
import { datasetNeedsBuild } from './ensureDataset';

export type PostgresDatasetBuildResult = { outcome: 'built' | 'up to date'; info: DatasetInfo };


/**
 * Runs `work` with the migrated database's dataset writer, holding the build lock. The lock is taken in a
 * unit of work whose transaction spans the build (a transaction-level advisory lock: a session lock would
 * belong to whichever pooled connection took it); the writer's own transactions run on the pool's other
 * connection, so every municipality commits on its own.
 */
async function withDatasetWriter<T>(url: string, work: (writer: AsyncDatasetWriter) => Promise<T>): Promise<T> {
  const db = await connectPostgres(url, { poolSize: 2, statementTimeoutMs: 0 });
  try {
    await migratePostgres(db, postgresMigrations);
    const writer = createPostgresDatasetWriter(db);
    let release: () => void = () => {};
    const building = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = db.transaction(async () => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [DATASET_BUILD_LOCK]);
      locked();
      await building;
    });
    await Promise.race([lockTaken, holding]);
    try {
      // Not inside the lock's unit (its context ends with its work): the writer takes the other connection.
      return await work(writer);
    } finally {
      release();
      await holding;
    }
  } finally {
    await db.close();
  }
}

/**
 * `npm run dataset` with DATABASE_URL: builds the dataset into PostgreSQL through the same pipeline as the
 * SQLite build (`buildDataset` with the PostgreSQL writer): reference data, every municipality in its own
 * transaction, price levels, search columns, the completion mark. A database that already holds this
 * dataset, or imported cadastral data, is left as it is unless `force`.
 */
export function buildPostgresDataset(
  url: string,
  options: BuildDatasetOptions & { force?: boolean },
): Promise<PostgresDatasetBuildResult> {
  return withDatasetWriter(url, async (writer) => {
    const existing = await writer.readInfo();
    if (existing && !options.force && (!!existing.imports?.length || isUpToDate(existing, options))) {
      // A dataset built before price levels existed gets them now, without a rebuild.
      await fillPriceLevelsAsync(writer);
      return { outcome: 'up to date', info: existing };
    }
    return { outcome: 'built', info: await buildDatasetAsync(writer, options) };
  });
}

/**
 * The server's start on PostgreSQL (ensureDataset's counterpart): builds the demo dataset of
 * config.datasetCantons when the database has none, or one of another generator version, logging progress
 * about every five seconds; several instances starting together build it once.
 */
export function ensurePostgresDataset(url: string, config: Config, logger: Logger): Promise<void> {
  return withDatasetWriter(url, async (writer) => {
    const existing = await writer.readInfo();
    if (existing && !datasetNeedsBuild(existing)) {
      await fillPriceLevelsAsync(writer);
      logger.info(`Dataset ready in PostgreSQL: ${existing.parcels} parcels in ${existing.cantons.join(', ')}`);
      return;
    }
    if (existing)
      logger.info(
        `The demo dataset was made by generator version ${existing.generator ?? 1}; this is version ${DATASET_GENERATOR_VERSION}: rebuilding it`,
      );
    logger.info(`Building the demo dataset for ${config.datasetCantons.join(', ')} into PostgreSQL…`);
    let last = 0;
    const info = await buildDatasetAsync(writer, {
      cantons: config.datasetCantons,
      onProgress(line, done, total) {
        if (Date.now() - last > 5000 || done === total) {
          last = Date.now();
          logger.info(line);
        }
      },
    });
    logger.info(`Dataset built: ${info.parcels} parcels, ${info.buildings} buildings in ${info.buildSeconds} s`);
  });
}
