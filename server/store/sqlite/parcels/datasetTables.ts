import type { Database } from 'better-sqlite3';

/**
 * The plain tables a dataset fills, in write order. The contentless FTS index `parcels_fts` is not
 * among them: it can be neither copied nor emptied with DELETE once it holds rows (see clearDataset).
 */
export const DATASET_TABLES = [
  'cantons',
  'municipalities',
  'streets',
  'thermals',
  'alphas',
  'parcels',
  'parcels_rtree',
  'buildings',
  'buildings_rtree',
  'parcel_filter_columns',
  'municipality_price_levels',
  'layer_features',
  'layer_features_rtree',
  'building_roofs',
] as const;

/**
 * Empties every dataset table of the main database and drops its completion mark. Call it inside a
 * transaction. A contentless FTS5 table refuses DELETE once it holds rows; 'delete-all' is its way.
 */
export function clearDataset(db: Database): void {
  for (const table of DATASET_TABLES) db.exec(`DELETE FROM main.${table}`);
  db.exec("INSERT INTO main.parcels_fts (parcels_fts) VALUES ('delete-all')");
  db.exec("DELETE FROM main.meta WHERE key = 'dataset'");
}

/**
 * Copies a dataset built into another SQLite file (same schema) into `db`, replacing its dataset. The
 * contentless FTS index cannot be copied, so it is refilled from the parcels.
 */
export function copyDataset(db: Database, file: string): void {
  db.prepare('ATTACH DATABASE ? AS source').run(file);
  try {
    db.transaction(() => {
      clearDataset(db);
      for (const table of DATASET_TABLES) db.exec(`INSERT INTO main.${table} SELECT * FROM source.${table}`);
      db.exec(`INSERT INTO main.parcels_fts (rowid, address, street, locname, prc_no, prc_id)
        SELECT p.id, CASE WHEN p.street IS NULL THEN '' WHEN p.house_no IS NULL THEN p.street
          ELSE p.street || ' ' || p.house_no END, coalesce(p.street, ''), m.name, p.prc_no, p.prc_id
        FROM main.parcels p JOIN main.municipalities m ON m.bfs = p.mun_bfs`);
      db.exec(
        `INSERT OR REPLACE INTO main.meta (key, value) SELECT key, value FROM source.meta WHERE key = 'dataset'`,
      );
    })();
  } finally {
    db.exec('DETACH DATABASE source');
  }
}
