/**
 * A tile worker thread (TileRenderer's pool): its own composition of a read-only parcel repository and
 * tile renderer over the server's database file. The first task opens the connection; later tasks reuse
 * it, and the repository reloads its search columns itself when the dataset build changes.
 */
import Database from 'better-sqlite3';
import { createSqliteParcelRepository } from '../store/parcels/createSqliteParcelRepository';
import { renderTile } from '../services/tiles/TileService';
import { encodeTile } from '../services/tiles/TileCache';
import type { TileWorkerTask } from '../services/tiles/TileRenderer';
import type { ParcelRepository } from '../store/parcels/ParcelRepository';

let opened: { file: string; parcels: ParcelRepository } | null = null;

function parcelsOf(file: string): ParcelRepository {
  if (opened?.file !== file) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    opened = { file, parcels: createSqliteParcelRepository(db) };
  }
  return opened.parcels;
}

export default async function renderTileTask(task: TileWorkerTask) {
  const tile = renderTile(parcelsOf(task.databaseFile), task);
  if (!tile) return null;
  const { gzip, etag } = await encodeTile(tile);
  // Structured clone copies the bytes back (tens of KB; moving them is not worth a pooled Buffer's risk).
  return { gzip: new Uint8Array(gzip.buffer, gzip.byteOffset, gzip.byteLength), etag };
}
