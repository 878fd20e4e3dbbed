import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createSqliteDatasetWriter } from '../store/parcels/createSqliteDatasetWriter';
import { buildDataset, DATASET_GENERATOR_VERSION } from './buildDataset';
import { fillPriceLevels } from './catalog/priceLevels';
import type { DatasetInfo } from '../store/parcels/DatasetWriter';

/**
 * No complete dataset yet, or one made by another generator version. A dataset holding imported cadastral
 * data is never rebuilt at start: that would throw the official parcels away.
 */
export function datasetNeedsBuild(existing: DatasetInfo | null): boolean {
  if (existing?.imports?.length) return false;
  return !existing || existing.generator !== DATASET_GENERATOR_VERSION;
}

/**
 * Builds the demo dataset on first start (config.datasetCantons), logging a progress line about every
 * five seconds. An interrupted build left no completion mark, so it is simply rebuilt; so is a demo
 * dataset made by another generator version (DATASET_GENERATOR_VERSION), which would lack its fixes.
 */
export function ensureDataset(db: Database, config: Config, logger: Logger): void {
  const writer = createSqliteDatasetWriter(db);
  const existing = writer.readInfo();
  if (existing && !datasetNeedsBuild(existing)) {
    // A dataset built before price levels existed gets them now (a few ms), without a rebuild.
    fillPriceLevels(writer);
    logger.info(`Dataset ready: ${existing.parcels} parcels in ${existing.cantons.join(', ')}`);
    return;
  }
  if (existing)
    logger.info(
      `The demo dataset was made by generator version ${existing.generator ?? 1}; this is version ${DATASET_GENERATOR_VERSION}: rebuilding it`,
    );
  logger.info(`Building the demo dataset for ${config.datasetCantons.join(', ')} (about a minute)…`);
  let last = 0;
  const info = buildDataset(writer, {
    cantons: config.datasetCantons,
    onProgress(line, done, total) {
      if (Date.now() - last > 5000 || done === total) {
        last = Date.now();
        logger.info(line);
      }
    },
  });
  logger.info(`Dataset built: ${info.parcels} parcels, ${info.buildings} buildings in ${info.buildSeconds} s`);
}
