import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** The dataset's price level per municipality (CHF per m² of building land, an estimate). */
export interface PriceLevelRepository {
  /** The level of a municipality (BFS number), or null when the dataset has none for it. */
  chfPerM2(bfs: number): Promise<number | null>;
}

export function createPriceLevelRepository(db: Database): Synchronous<PriceLevelRepository> {
  const get = db
    .prepare<[number], number>('SELECT chf_per_m2 FROM municipality_price_levels WHERE bfs = ?')
    .pluck();
  return { chfPerM2: (bfs) => get.get(bfs) ?? null };
}
