import Database from 'better-sqlite3';
import type { ParcelRepository, ParcelRepositoryOptions } from '../../contract/parcels/ParcelRepository';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { createSqliteParcelRepository } from './createSqliteParcelRepository';

/**
 * A worker thread's own read-only connection to the server's SQLite file (tile and search workers) and the
 * parcel repository over it; it waits up to 5 s for the server's writes.
 */
export function openReadOnlyParcels(
  file: string,
  options: ParcelRepositoryOptions = {},
): Synchronous<ParcelRepository> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return createSqliteParcelRepository(db, options);
}
