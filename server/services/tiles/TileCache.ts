import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { EncodedTile, TileBlobStore } from '../../store/contract/tiles/TileBlobStore';

export type { EncodedTile } from '../../store/contract/tiles/TileBlobStore';

const gzip = promisify(zlib.gzip);

/** Bytes of gzipped tiles kept in memory in front of the stored ones. */
export const TILE_MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Gzips on libuv's thread pool, not on the event loop, and tags the result by its content (a strong
 * ETag: the same bytes give the same tag across restarts and instances).
 */
export async function encodeTile(tile: Uint8Array): Promise<EncodedTile> {
  const compressed = await gzip(tile, { level: 6 });
  const etag = `"${crypto.createHash('sha1').update(compressed).digest('base64url').slice(0, 22)}"`;
  return { gzip: compressed, etag };
}

/**
 * Tiles that do not depend on who asks or what they searched, rendered and gzipped once per dataset
 * build: from memory (LRU by bytes), else from the store, else produced (rendered and encoded) and stored. A tile asked
 * for again while it is being made waits for the same work.
 */
export interface TileCache {
  /** The encoded tile, or null when `produce` says there is none (zoom out of range). */
  get(dataset: string, key: string, produce: () => Promise<EncodedTile | null>): Promise<EncodedTile | null>;
}

/** A lookup served from memory, the store or work already under way (hit), or rendered for it (miss). */
export type TileCacheLookup = 'hit' | 'miss';

export function createTileCache(
  store: TileBlobStore,
  {
    maxMemoryBytes = TILE_MEMORY_CACHE_BYTES,
    onLookup = () => {},
  }: { maxMemoryBytes?: number; onLookup?: (result: TileCacheLookup) => void } = {},
): TileCache {
  const memory = new LRUCache<string, EncodedTile>({
    maxSize: maxMemoryBytes,
    sizeCalculation: (tile) => Math.max(1, tile.gzip.byteLength),
  });
  const inFlight = new Map<string, Promise<EncodedTile | null>>();
  let currentDataset: string | null = null;

  const make = async (dataset: string, key: string, produce: () => Promise<EncodedTile | null>) => {
    const stored = await store.read(dataset, key);
    onLookup(stored ? 'hit' : 'miss');
    if (stored) return stored;
    const encoded = await produce();
    if (!encoded) return null;
    // The dataset may have been rebuilt while this tile was compressed: keep only current tiles.
    if (dataset === currentDataset) await store.write(dataset, key, encoded);
    return encoded;
  };

  return {
    async get(dataset, key, produce) {
      if (dataset !== currentDataset) {
        currentDataset = dataset;
        memory.clear();
        await store.keepOnly(dataset);
      }
      const memoryKey = `${dataset}\u0000${key}`;
      const hit = memory.get(memoryKey);
      if (hit) {
        onLookup('hit');
        return hit;
      }
      let pending = inFlight.get(memoryKey);
      if (pending) onLookup('hit');
      else {
        pending = make(dataset, key, produce).finally(() => inFlight.delete(memoryKey));
        inFlight.set(memoryKey, pending);
      }
      const encoded = await pending;
      if (encoded && dataset === currentDataset) memory.set(memoryKey, encoded);
      return encoded;
    },
  };
}
