import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { PriceLevelRepository } from '../../contract/reports/PriceLevelRepository';

export function createPriceLevelRepository(db: Database): Synchronous<PriceLevelRepository> {
  const get = db
    .prepare<[number], number>('SELECT chf_per_m2 FROM municipality_price_levels WHERE bfs = ?')
    .pluck();
  return { chfPerM2: (bfs) => get.get(bfs) ?? null };
}
