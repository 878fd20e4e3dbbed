import type { Database } from 'better-sqlite3';
import type { OpenedCadastreWriter } from '../../store/parcels/CadastreWriter';
import { createSqliteCadastreWriter } from '../../store/parcels/createSqliteCadastreWriter';
import { createSqliteBuildingsWriter } from '../../store/parcels/createSqliteBuildingsWriter';
import { openPostgresCadastreWriter } from '../../store/postgres/cadastre/openPostgresCadastreWriter';

/**
 * The cadastre importer's writer over the configured storage: PostgreSQL when there is a DATABASE_URL
 * (its own connection), else the SQLite database. The server's upload route and `npm run import` both
 * take it from here.
 */
export async function openCadastreWriter(
  storage: { databaseUrl: string } | { db: Database },
): Promise<OpenedCadastreWriter> {
  if ('databaseUrl' in storage) return openPostgresCadastreWriter(storage.databaseUrl);
  return {
    writer: createSqliteCadastreWriter(storage.db),
    buildings: createSqliteBuildingsWriter(storage.db),
    close: () => {},
  };
}
