import { connectPostgres, type PostgresOptions } from '../PostgresConnection';
import { postgresMigrations } from '../migrations';
import { migratePostgres } from '../migrations/migratePostgres';
import type { OpenedCadastreWriter } from '../../contract/parcels/CadastreWriter';
import { createPostgresCadastreWriter } from './createPostgresCadastreWriter';
import { createPostgresBuildingsWriter } from './createPostgresBuildingsWriter';

/**
 * A cadastre writer on a pool of its own (the CLI has no other; in the server it keeps a long import off
 * the requests' connections), on a migrated database. Close it when the import is over.
 */
export async function openPostgresCadastreWriter(
  url: string,
  options: PostgresOptions = {},
): Promise<OpenedCadastreWriter> {
  const db = await connectPostgres(url, { ...options, poolSize: 2 });
  try {
    await migratePostgres(db, postgresMigrations);
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    writer: createPostgresCadastreWriter(db),
    buildings: createPostgresBuildingsWriter(db),
    close: db.close,
  };
}
