import Database from 'better-sqlite3';

/**
 * The cadastre import thread's own connection to the server's SQLite file. The server's own connection
 * keeps writing meanwhile (sessions, quotas): it waits for it up to 30 s, never fails at once.
 */
export function openForCadastreImport(file: string): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 30000');
  return db;
}
