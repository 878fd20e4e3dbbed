import type { Database } from 'better-sqlite3';
import { DATASET_TABLES } from './DATASET_TABLES';

/**
 * Empties every dataset table of the main database and drops its completion mark. Call it inside a
 * transaction. A contentless FTS5 table refuses DELETE once it holds rows; 'delete-all' is its way.
 */
export function clearDataset(db: Database): void {
  for (const table of DATASET_TABLES) db.exec(`DELETE FROM main.${table}`);
  db.exec("INSERT INTO main.parcels_fts (parcels_fts) VALUES ('delete-all')");
  db.exec("DELETE FROM main.meta WHERE key = 'dataset'");
}
