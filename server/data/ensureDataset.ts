import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createSqliteDatasetWriter } from '../store/parcels/createSqliteDatasetWriter';
import { buildDataset } from './buildDataset';
import { fillPriceLevels } from './catalog/priceLevels';

/**
 * Builds the demo dataset on first start (config.datasetCantons), logging a progress line about every
 * five seconds. An interrupted build left no completion mark, so it is simply rebuilt.
 */
export function ensureDataset(db: Database, config: Config, logger: Logger): void {
  const writer = createSqliteDatasetWriter(db);
  const existing = writer.readInfo();
  if (existing) {
    // A dataset built before price levels existed gets them now (a few ms), without a rebuild.
    fillPriceLevels(writer);
    logger.info(`Dataset ready: ${existing.parcels} parcels in ${existing.cantons.join(', ')}`);
    return;
  }
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
