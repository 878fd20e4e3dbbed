import { Piscina } from 'piscina';
import type { ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import type { SharedFilterIndex, SharedIndexHolder } from '../../store/contract/parcels/SharedFilterIndex';
import { encodeTile, type EncodedTile } from './TileCache';
import type { TileKind } from './TileService';

/** One tile to render: which layer, where, and the search it shows (null: every parcel). */
export interface TileRequest {
  kind: TileKind;
  z: number;
  x: number;
  y: number;
  query: ParcelQuery | null;
}

/** Renders and gzips tiles, in this thread or in a pool of worker threads. */
export interface TileRenderer {
  render(request: TileRequest): Promise<EncodedTile | null>;
  close(): Promise<void>;
}

/** Renders on the event loop and gzips on libuv's thread pool: tests, `WORKERS=0`, in-memory databases. */
export function createInProcessTileRenderer(
  render: (request: TileRequest) => Promise<Uint8Array | null>,
): TileRenderer {
  return {
    async render(request) {
      const tile = await render(request);
      return tile ? encodeTile(tile) : null;
    },
    async close() {},
  };
}

/** What a tile worker reads: the SQLite file (read-only), or PostgreSQL through a small pool of its own. */
export type TileDatabase = { file: string } | { postgresUrl: string };

/**
 * What a tile worker is given: the database it reads, and the tile. On SQLite, `indexKey` names the search
 * index the main thread shares (ADR 038); a worker that does not hold it answers `needIndex` and is asked
 * again with `index` (once per worker and dataset build).
 */
export interface TileWorkerTask extends TileRequest {
  database: TileDatabase;
  indexKey?: string;
  index?: SharedFilterIndex;
}

/** A tile worker's answer: the encoded tile (null: empty), or that it needs the shared index first. */
export type TileWorkerResult = { gzip: Uint8Array; etag: string } | { needIndex: true } | null;

/**
 * Renders in `threads` worker threads (`workerFile`, server/workers/tileRenderWorker.ts), each with its own
 * connection (read-only SQLite), so the event loop only routes requests and the other cores
 * do the work.
 */
export function createPooledTileRenderer({
  database,
  workerFile,
  threads,
  sharedIndex,
}: {
  database: TileDatabase;
  workerFile: string;
  threads: number;
  /** The search index the main thread built in shared memory (ADR 038, 063), which searched tiles filter with. */
  sharedIndex?: SharedIndexHolder;
}): TileRenderer {
  // Workers load the dataset's search columns once, so they stay alive while the server runs.
  const pool = new Piscina({
    filename: workerFile,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Infinity,
  });
  return {
    async render(request) {
      const index = (await sharedIndex?.()) ?? null;
      const task: TileWorkerTask = { ...request, database, indexKey: index?.key };
      let result = (await pool.run(task)) as TileWorkerResult;
      if (result && 'needIndex' in result && index)
        result = (await pool.run({ ...task, index })) as TileWorkerResult;
      if (result && 'needIndex' in result) throw new Error('A tile worker did not take the search index');
      return result
        ? {
            gzip: Buffer.from(result.gzip.buffer, result.gzip.byteOffset, result.gzip.byteLength),
            etag: result.etag,
          }
        : null;
    },
    close: () => pool.destroy(),
  };
}
