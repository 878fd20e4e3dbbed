/**
 * A tile worker thread (TileRenderer's pool): its own composition of a parcel repository and tile
 * renderer over the server's SQLite file, read-only, or over PostgreSQL through a pool of two connections
 * of its own. The first task opens the connection; later tasks reuse it. Searched tiles filter with the
 * index the main thread shares (ADR 038, 063), sent with a task when this thread lacks that build; without
 * one (no search workers) the repository reloads its search columns itself when the dataset build changes.
 */
import { openReadOnlyParcels } from '../store/sqlite/parcels/openReadOnlyParcels';
import { withoutUnits } from '../store/sqlite/unitOfWork/serialiseUnits';
import { renderTile } from '../services/tiles/TileService';
import { encodeTile } from '../services/tiles/TileCache';
import type { TileDatabase, TileWorkerResult, TileWorkerTask } from '../services/tiles/TileRenderer';
import type { SharedFilterIndex } from '../store/contract/parcels/SharedFilterIndex';
import type { ParcelRepository } from '../store/contract/parcels/ParcelRepository';
import { connectPostgres } from '../store/postgres/PostgresConnection';
import { createPostgresParcelRepository } from '../store/postgres/parcels/createPostgresParcelRepository';
import { runInBackground } from './backgroundThreadPriority';

// Renders yield to the event loop when both want a core (its probes and logins must not queue behind them).
runInBackground();

let opened: { key: string; parcels: Promise<ParcelRepository> } | null = null;
/** The search index the main thread shares (ADR 038, 063): searched tiles filter with it. */
let sharedIndex: SharedFilterIndex | null = null;

async function open(database: TileDatabase): Promise<ParcelRepository> {
  if ('postgresUrl' in database)
    return createPostgresParcelRepository(await connectPostgres(database.postgresUrl, { poolSize: 2 }), {
      sharedIndex: () => sharedIndex,
    });
  return withoutUnits<ParcelRepository>(
    openReadOnlyParcels(database.file, { sharedIndex: () => sharedIndex }),
  );
}

function parcelsOf(database: TileDatabase): Promise<ParcelRepository> {
  const key = JSON.stringify(database);
  if (opened?.key !== key) {
    const parcels = open(database);
    opened = { key, parcels };
    // A failed connection is tried again by the next task.
    parcels.catch(() => {
      if (opened?.parcels === parcels) opened = null;
    });
  }
  return opened.parcels;
}

export default async function renderTileTask(task: TileWorkerTask): Promise<TileWorkerResult> {
  if (task.index) sharedIndex = task.index;
  // No index with the task: no dataset, or none shared; an index kept from before would be stale.
  if (task.indexKey === undefined) sharedIndex = null;
  if (task.indexKey !== undefined && sharedIndex?.key !== task.indexKey) return { needIndex: true };
  const tile = await renderTile(await parcelsOf(task.database), task);
  if (!tile) return null;
  const { gzip, etag } = await encodeTile(tile);
  // Structured clone copies the bytes back (tens of KB; moving them is not worth a pooled Buffer's risk).
  return { gzip: new Uint8Array(gzip.buffer, gzip.byteOffset, gzip.byteLength), etag };
}
