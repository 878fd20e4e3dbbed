import fs from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { openDatabase } from '../store/sqlite/openDatabase';
import { createSqliteDatasetWriter } from '../store/sqlite/parcels/createSqliteDatasetWriter';
import { DATASET_GENERATOR_VERSION } from './buildDataset';
import { fillPriceLevels } from './catalog/priceLevels';
import type { DatasetInfo } from '../store/contract/parcels/DatasetWriter';
import { buildDatasetFile } from './build/buildDatasetFile';

/**
 * No complete dataset yet, or one made by another generator version. A dataset holding imported cadastral
 * data is never rebuilt at start: that would throw the official parcels away.
 */
export function datasetNeedsBuild(existing: DatasetInfo | null): boolean {
  if (existing?.imports?.length) return false;
  return !existing || existing.generator !== DATASET_GENERATOR_VERSION;
}

/** The dataset `file` holds (null: none, or not complete), with price levels filled in when missing. */
function readReadyDataset(file: string): DatasetInfo | null {
  if (!fs.existsSync(file)) return null;
  const db = openDatabase(file);
  try {
    const writer = createSqliteDatasetWriter(db);
    const existing = writer.readInfo();
    // A dataset built before price levels existed gets them now (a few ms), without a rebuild.
    if (existing && !datasetNeedsBuild(existing)) fillPriceLevels(writer);
    return existing;
  } finally {
    db.close();
  }
}

/**
 * Builds the demo dataset on first start (config.datasetCantons) before the database is opened, on the
 * same worker threads and build file as `npm run dataset` (config.workers threads), logging a progress
 * line about every five seconds. An interrupted build resumes where it stopped; a demo dataset made by
 * another generator version (DATASET_GENERATOR_VERSION), which would lack its fixes, is rebuilt, keeping
 * the database's users and settings.
 */
export async function ensureDataset(file: string, config: Config, logger: Logger): Promise<void> {
  const existing = readReadyDataset(file);
  if (existing && !datasetNeedsBuild(existing)) {
    logger.info(`Dataset ready: ${existing.parcels} parcels in ${existing.cantons.join(', ')}`);
    return;
  }
  if (existing)
    logger.info(
      `The demo dataset was made by generator version ${existing.generator ?? 1}; this is version ${DATASET_GENERATOR_VERSION}: rebuilding it`,
    );
  logger.info(`Building the demo dataset for ${config.datasetCantons.join(', ')} (about a minute)…`);
  let last = 0;
  const result = await buildDatasetFile({
    file,
    cantons: config.datasetCantons,
    workers: config.workers,
    force: true,
    onProgress(line, done, total) {
      if (Date.now() - last > 5000 || (done === total && !line.startsWith('Finishing'))) {
        last = Date.now();
        logger.info(line);
      }
    },
  });
  if (result.outcome === 'built')
    logger.info(
      `Dataset built: ${result.info.parcels} parcels, ${result.info.buildings} buildings in ` +
        `${(result.generateSeconds + result.finishSeconds).toFixed(1)} s`,
    );
}
