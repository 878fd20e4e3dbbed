import type { Synchronous } from '../../unitOfWork/Synchronous';
import type { EncodedTile, TileBlobStore } from '../../tiles/TileBlobStore';
import type { PostgresConnection } from '../PostgresConnection';

/** The shared tile cache: a bytea per dataset build and tile key. */
export function createPostgresTileBlobStore(db: PostgresConnection): Synchronous<TileBlobStore> {
  return {
    read: (dataset, key) =>
      db.one<EncodedTile>('SELECT gzip, etag FROM tile_cache WHERE dataset = $1 AND key = $2', [
        dataset,
        key,
      ]),
    write(dataset, key, tile) {
      db.run(
        `INSERT INTO tile_cache (dataset, key, gzip, etag) VALUES ($1, $2, $3, $4)
         ON CONFLICT (dataset, key) DO UPDATE SET gzip = excluded.gzip, etag = excluded.etag`,
        [dataset, key, tile.gzip, tile.etag],
      );
    },
    keepOnly(dataset) {
      db.run('DELETE FROM tile_cache WHERE dataset <> $1', [dataset]);
    },
  };
}
