import type { OpenedCadastreWriter } from './store/contract/parcels/CadastreWriter';
import { openPostgresCadastreWriter } from './store/postgres/cadastre/openPostgresCadastreWriter';
import { openSqliteCadastreWriter } from './store/sqlite/parcels/openSqliteCadastreWriter';

/** Where a cadastre import writes: an SQLite file of the server's schema, or a PostgreSQL database. */
export type CadastreWriterLocation = { sqliteFile: string } | { databaseUrl: string };

/**
 * The cadastre and buildings writers of the adapter `location` names, on a connection of their own (the
 * import thread beside the server's connections, `npm run import` without a server): chosen here and, for the
 * storage, in openConfiguredStorage.ts only. A file of its own because that one loads the PostgreSQL adapter by
 * a dynamic import(), which the import thread (TypeScript through tsx's require hook only) could not follow.
 */
export async function openCadastreWriterAt(location: CadastreWriterLocation): Promise<OpenedCadastreWriter> {
  return 'sqliteFile' in location
    ? openSqliteCadastreWriter(location.sqliteFile)
    : openPostgresCadastreWriter(location.databaseUrl);
}
