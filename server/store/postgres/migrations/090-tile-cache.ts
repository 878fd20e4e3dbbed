import type { PostgresMigration } from './PostgresMigration';

/**
 * Encoded, gzipped tiles per dataset build (SQLite migration 90). In PostgreSQL the cache is shared by
 * every app instance: a tile one instance rendered is served by all, and a newer build purges it for all.
 */
export const tileCacheMigration: PostgresMigration = {
  version: 90,
  name: 'tile-cache',
  sql: `
    CREATE TABLE tile_cache (
      dataset TEXT NOT NULL,
      key TEXT NOT NULL,
      gzip BYTEA NOT NULL,
      etag TEXT NOT NULL,
      PRIMARY KEY (dataset, key)
    );
  `,
};
