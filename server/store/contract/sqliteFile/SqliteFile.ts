/**
 * An SQLite-format file opened for what its format holds, not for storage (ADR 057): a GeoPackage read
 * for an import or written for an export, the dataset build file, a built dataset measured by a script.
 * GeoPackages are SQLite files whichever adapter stores the app's data, so this is the one driver surface
 * the rest of the server may use; the SQLite adapter implements it (`sqlite/sqliteFile/openSqliteFile.ts`).
 */
export interface SqliteFileStatement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  /** The statement answering each row's first column instead of the row. */
  pluck(): SqliteFileStatement;
  /** The statement answering each row as an array of its columns. */
  raw(): SqliteFileStatement;
}

export interface SqliteFile {
  prepare(sql: string): SqliteFileStatement;
  exec(sql: string): unknown;
  pragma(sql: string): unknown;
  /** `work` wrapped in BEGIN … COMMIT (ROLLBACK when it throws). */
  transaction<Args extends unknown[]>(work: (...args: Args) => void): (...args: Args) => void;
  close(): unknown;
}

export interface SqliteFileOptions {
  readonly?: boolean;
  /** Throw instead of creating a missing file. */
  fileMustExist?: boolean;
}

/** Opens (or, unless read-only or `fileMustExist`, creates) an SQLite-format file. */
export type OpenSqliteFile = (file: string, options?: SqliteFileOptions) => SqliteFile;
