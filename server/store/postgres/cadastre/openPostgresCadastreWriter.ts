import { connectPostgres } from '../PostgresConnection';
import { postgresMigrations } from '../migrations';
import { migratePostgres } from '../migrations/migratePostgres';
import type { OpenedCadastreWriter } from '../../parcels/CadastreWriter';
import { createPostgresCadastreWriter } from './createPostgresCadastreWriter';

/**
 * A cadastre writer on a connection of its own (the CLI has no other; in the server it keeps a long import
 * off the requests' connection), on a migrated database. Close it when the import is over.
 */
export function openPostgresCadastreWriter(url: string): OpenedCadastreWriter {
  const db = connectPostgres(url);
  try {
    migratePostgres(db, postgresMigrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return { writer: createPostgresCadastreWriter(db), close: db.close };
}
