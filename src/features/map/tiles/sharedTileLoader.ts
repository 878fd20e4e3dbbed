import { LRUCache } from 'lru-cache';

/**
 * One network request per base-map tile URL. The base map stops at zoom 10 and the
 * map engine over-zooms beyond it: every zoom level a flight passes (11…17) is another tile of its own
 * for the same URL, and the engine aborts the ones a moving camera no longer needs. Unshared, one
 * fly-to fetched the same tile 16 times, aborting most. Here every caller of a URL shares one fetch,
 * an abort only drops that caller's interest, and finished tiles stay in a bounded memory cache.
 */
export interface SharedTileLoader {
  load(url: string, signal?: AbortSignal): Promise<ArrayBuffer>;
  /** Network requests made so far (for tests and diagnostics). */
  readonly fetches: number;
}

/** Bytes of tiles kept: the base map of all Switzerland up to zoom 10 is a few MB. */
const CACHE_BYTES = 16 * 1024 * 1024;

export function createSharedTileLoader(fetchTile: (url: string) => Promise<ArrayBuffer>): SharedTileLoader {
  const done = new LRUCache<string, ArrayBuffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (tile) => Math.max(1, tile.byteLength),
  });
  const pending = new Map<string, Promise<ArrayBuffer>>();
  let fetches = 0;

  const shared = (url: string): Promise<ArrayBuffer> => {
    const cached = done.get(url);
    if (cached) return Promise.resolve(cached);
    let request = pending.get(url);
    if (!request) {
      fetches += 1;
      request = fetchTile(url)
        .then((tile) => {
          if (tile.byteLength <= CACHE_BYTES) done.set(url, tile);
          return tile;
        })
        .finally(() => pending.delete(url));
      pending.set(url, request);
    }
    return request;
  };

  return {
    get fetches() {
      return fetches;
    },
    load(url, signal) {
      // Every caller gets its own copy: the map engine transfers the bytes to its worker, which detaches
      // them, and a shared (cached) buffer would then reach the next caller empty.
      const request = shared(url).then((tile) => tile.slice(0));
      if (!signal) return request;
      // The caller may give up; the fetch goes on for the others (and for the cache).
      return new Promise((resolve, reject) => {
        const abort = () => reject(new DOMException('Tile no longer needed', 'AbortError'));
        if (signal.aborted) return abort();
        signal.addEventListener('abort', abort, { once: true });
        request.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
      });
    },
  };
}

/** The URL scheme the base-map style uses for tiles that go through the shared loader. */
export const SHARED_TILE_SCHEME = 'shared-tile';

/** `shared-tile://http://host/tiles/…` ↔ `http://host/tiles/…`. */
export function sharedTileUrl(url: string): string {
  return `${SHARED_TILE_SCHEME}://${url}`;
}

export function networkUrlOf(url: string): string {
  return url.slice(`${SHARED_TILE_SCHEME}://`.length);
}

/** A fetch of a public tile; an error status is an error (the map engine logs it and retries later). */
export async function fetchPublicTile(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`Tile ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}
