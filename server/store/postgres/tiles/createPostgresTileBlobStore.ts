import type { EncodedTile, TileBlobStore } from '../../contract/tiles/TileBlobStore';
import type { PostgresConnection } from '../PostgresConnection';

/** The shared tile cache: a bytea per dataset build and tile key. */
export function createPostgresTileBlobStore(db: PostgresConnection): TileBlobStore {
  return {
    read: async (dataset, key) =>
      await db.one<EncodedTile>('SELECT gzip, etag FROM tile_cache WHERE dataset = $1 AND key = $2', [
        dataset,
        key,
      ]),
    async write(dataset, key, tile) {
      await db.run(
        `INSERT INTO tile_cache (dataset, key, gzip, etag) VALUES ($1, $2, $3, $4)
         ON CONFLICT (dataset, key) DO UPDATE SET gzip = excluded.gzip, etag = excluded.etag`,
        [dataset, key, tile.gzip, tile.etag],
      );
    },
    async keepOnly(dataset) {
      await db.run('DELETE FROM tile_cache WHERE dataset <> $1', [dataset]);
    },
  };
}
