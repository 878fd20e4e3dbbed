import Database from 'better-sqlite3';
import type { OpenSqliteFile } from '../../contract/sqliteFile/SqliteFile';

/**
 * The SQLite adapter's implementation of the SQLite-file port (ADR 057): a plain better-sqlite3 connection,
 * with none of the server database's settings or migrations (those are openDatabase's).
 */
export const openSqliteFile: OpenSqliteFile = (file, options = {}) => new Database(file, options);
