import Database from 'better-sqlite3';
import type { OpenedCadastreWriter } from '../../contract/parcels/CadastreWriter';
import { createSqliteBuildingsWriter } from './createSqliteBuildingsWriter';
import { createSqliteCadastreWriter } from './createSqliteCadastreWriter';

/**
 * The cadastre import thread's writer on a connection of its own to the server's SQLite file, closed with
 * it. The server's own connection keeps writing meanwhile (sessions, quotas): it waits for it up to 30 s,
 * never fails at once.
 */
export function openSqliteCadastreWriter(file: string): OpenedCadastreWriter {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 30000');
  return {
    writer: createSqliteCadastreWriter(db),
    buildings: createSqliteBuildingsWriter(db),
    close: () => {
      db.close();
    },
  };
}
