import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from './config';
import { seedPlans } from './store/subscriptions/planCatalogue';
import { ensureDataset } from './data/ensureDataset';

/**
 * Everything the database needs before the first request: the demo dataset (built on first start with a
 * progress line) and seeded reference rows (plans). Each step is idempotent.
 */
export async function prepareData(db: Database, config: Config, logger: Logger): Promise<void> {
  seedPlans(db);
  ensureDataset(db, config, logger);
}
