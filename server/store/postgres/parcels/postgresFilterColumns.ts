import {
  FilterColumnsCollector,
  filterColumnBlobs,
  filterColumnsFromBlobs,
  FILTER_COLUMNS_SQL,
  type FilterColumns,
  type FilterColumnsRow,
} from '../../contract/parcels/FilterColumns';
import type { PostgresConnection } from '../PostgresConnection';

/** Rows read per statement: a country's 4 million parcels never sit in one result. */
const CHUNK = 100_000;

/** The in-memory search columns from the parcels table, read in id order a chunk at a time. */
export async function scanPostgresFilterColumns(db: PostgresConnection): Promise<FilterColumns> {
  const n = (await db.one<{ n: number }>('SELECT count(*) AS n FROM parcels'))?.n ?? 0;
  const collector = new FilterColumnsCollector(n);
  let after = 0;
  for (;;) {
    const rows = await db.query<Record<string, string | number | null>>(
      `SELECT ${FILTER_COLUMNS_SQL} FROM parcels WHERE id > $1 ORDER BY id LIMIT $2`,
      [after, CHUNK],
    );
    for (const r of rows) collector.add(...(Object.values(r) as FilterColumnsRow));
    if (rows.length < CHUNK) break;
    after = rows[rows.length - 1].id as number;
  }
  return collector.columns();
}

/** Saves the columns so a server starts without scanning (the same blobs as in SQLite). */
export async function savePostgresFilterColumns(db: PostgresConnection, cols: FilterColumns): Promise<void> {
  await db.transaction(async () => {
    await db.run('DELETE FROM parcel_filter_columns');
    for (const [name, data] of filterColumnBlobs(cols))
      await db.run('INSERT INTO parcel_filter_columns (name, data) VALUES ($1, $2)', [name, data]);
  });
}

/** The saved columns, or null when there are none. */
export async function readPostgresFilterColumns(db: PostgresConnection): Promise<FilterColumns | null> {
  return filterColumnsFromBlobs(
    await db.query<{ name: string; data: Buffer }>('SELECT name, data FROM parcel_filter_columns'),
  );
}
