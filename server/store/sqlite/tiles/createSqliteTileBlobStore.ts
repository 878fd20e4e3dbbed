import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { TileBlobStore, EncodedTile } from '../../contract/tiles/TileBlobStore';

export function createSqliteTileBlobStore(db: Database): Synchronous<TileBlobStore> {
  const select = db.prepare<[string, string], EncodedTile>(
    'SELECT gzip, etag FROM tile_cache WHERE dataset = ? AND key = ?',
  );
  const insert = db.prepare<[string, string, Buffer, string]>(
    'INSERT OR REPLACE INTO tile_cache (dataset, key, gzip, etag) VALUES (?, ?, ?, ?)',
  );
  const purge = db.prepare<[string]>('DELETE FROM tile_cache WHERE dataset <> ?');
  return {
    read: (dataset, key) => select.get(dataset, key) ?? null,
    write: (dataset, key, tile) => void insert.run(dataset, key, tile.gzip, tile.etag),
    keepOnly: (dataset) => void purge.run(dataset),
  };
}
