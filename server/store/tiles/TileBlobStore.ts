import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** A finished tile as it goes over the wire: gzip bytes and the entity tag of their content. */
export interface EncodedTile {
  gzip: Buffer;
  etag: string;
}

/** Pre-encoded tiles by dataset build and tile key (migration 90). */
export interface TileBlobStore {
  read(dataset: string, key: string): Promise<EncodedTile | null>;
  write(dataset: string, key: string, tile: EncodedTile): Promise<void>;
  /** Drops every tile not of this dataset build. */
  keepOnly(dataset: string): Promise<void>;
}

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
