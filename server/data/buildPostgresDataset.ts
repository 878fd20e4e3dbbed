import { connectPostgres } from '../store/postgres/PostgresConnection';
import { postgresMigrations } from '../store/postgres/migrations';
import { migratePostgres } from '../store/postgres/migrations/migratePostgres';
import { createPostgresDatasetWriter } from '../store/postgres/parcels/createPostgresDatasetWriter';
import type { DatasetInfo } from '../store/parcels/DatasetWriter';
import { buildDataset, type BuildDatasetOptions } from './buildDataset';
import { isUpToDate } from './build/buildDatasetFile';
import { fillPriceLevels } from './catalog/priceLevels';

export type PostgresDatasetBuildResult = { outcome: 'built' | 'up to date'; info: DatasetInfo };

/**
 * Builds the dataset into the PostgreSQL database at `url` (migrated first) through the same pipeline as
 * the SQLite build (`buildDataset` with the PostgreSQL writer): reference data, every municipality in its
 * own transaction, price levels, search columns, the completion mark. A database that already holds this
 * dataset is left as it is unless `force`; one holding imported cadastral data is never overwritten
 * without `force`.
 */
export function buildPostgresDataset(
  url: string,
  options: BuildDatasetOptions & { force?: boolean },
): PostgresDatasetBuildResult {
  const db = connectPostgres(url);
  try {
    migratePostgres(db, postgresMigrations);
    const writer = createPostgresDatasetWriter(db);
    const existing = writer.readInfo();
    if (existing && !options.force && (!!existing.imports?.length || isUpToDate(existing, options))) {
      // A dataset built before price levels existed gets them now, without a rebuild.
      fillPriceLevels(writer);
      return { outcome: 'up to date', info: existing };
    }
    return { outcome: 'built', info: buildDataset(writer, options) };
  } finally {
    db.close();
  }
}
