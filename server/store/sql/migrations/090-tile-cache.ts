import type { SharedMigration } from './SharedMigration';

/**
 * Encoded, gzipped tiles that do not depend on the user or a search (all parcels around, buildings,
 * thematic layers), kept per dataset build (`dataset` = meta.dataset) so a rebuild or an import never
 * serves a stale tile: rows of an older build are deleted when a newer one is first seen.
 */
export const tileCacheMigration: SharedMigration = {
  version: 90,
  name: 'tile-cache',
  sql: (t) => `
    CREATE TABLE tile_cache (
      dataset TEXT NOT NULL,
      key TEXT NOT NULL,
      gzip ${t.blob} NOT NULL,
      etag TEXT NOT NULL,
      PRIMARY KEY (dataset, key)
    )${t.withoutRowid};
  `,
};
