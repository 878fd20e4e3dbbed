import type { Database } from 'better-sqlite3';
import {
  type FilterColumns,
  FilterColumnsCollector,
  FILTER_COLUMNS_SQL,
  type FilterColumnsRow,
  filterColumnBlobs,
  filterColumnsFromBlobs,
} from '../../contract/parcels/FilterColumns';

/** Reads the columns from the parcels table (one pass; ~2 s a million parcels). */
export function scanFilterColumns(db: Database): FilterColumns {
  const n = db.prepare('SELECT COUNT(*) FROM parcels').pluck().get() as number;
  const collector = new FilterColumnsCollector(n);
  const rows = db
    .prepare(`SELECT ${FILTER_COLUMNS_SQL} FROM parcels ORDER BY id`)
    .raw(true)
    .iterate() as IterableIterator<FilterColumnsRow>;
  let i = 0;
  for (const row of rows) {
    if (i++ >= n) break;
    collector.add(...row);
  }
  return collector.columns();
}

export function saveFilterColumns(db: Database, cols: FilterColumns): void {
  const insert = db.prepare('INSERT OR REPLACE INTO parcel_filter_columns (name, data) VALUES (?, ?)');
  db.transaction(() => {
    db.exec('DELETE FROM parcel_filter_columns');
    for (const [name, data] of filterColumnBlobs(cols)) insert.run(name, data);
  })();
}

/** The saved columns, or null when there are none (then scan). */
export function readFilterColumns(db: Database): FilterColumns | null {
  const rows = db.prepare('SELECT name, data FROM parcel_filter_columns').all() as {
    name: string;
    data: Buffer;
  }[];
  return filterColumnsFromBlobs(rows);
}
