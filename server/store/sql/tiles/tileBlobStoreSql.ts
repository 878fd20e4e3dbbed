import type { EncodedTile, TileBlobStore } from '../../contract/tiles/TileBlobStore';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** The tile cache: one compressed tile per dataset build and tile key. */
export const tileBlobStoreSql: SqlRepositoryDefinition<TileBlobStore> = () => ({
  *read(dataset, key) {
    return yield* one<EncodedTile>(
      'SELECT gzip, etag FROM tile_cache WHERE dataset = ? AND key = ?',
      dataset,
      key,
    );
  },
  *write(dataset, key, tile) {
    yield* run(
      `INSERT INTO tile_cache (dataset, key, gzip, etag) VALUES (?, ?, ?, ?)
       ON CONFLICT (dataset, key) DO UPDATE SET gzip = excluded.gzip, etag = excluded.etag`,
      dataset,
      key,
      tile.gzip,
      tile.etag,
    );
  },
  *keepOnly(dataset) {
    yield* run('DELETE FROM tile_cache WHERE dataset <> ?', dataset);
  },
});
