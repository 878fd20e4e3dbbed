/** The column types and table options the two dialects name differently. */
export interface SchemaTypes {
  /** A 64-bit integer (epoch milliseconds, counters): SQLite's INTEGER, PostgreSQL's BIGINT. */
  readonly bigint: string;
  /** A double: REAL / DOUBLE PRECISION. */
  readonly real: string;
  /** Bytes: BLOB / BYTEA. */
  readonly blob: string;
  /** After a table with a primary key that needs no row id: ` WITHOUT ROWID` on SQLite, nothing elsewhere. */
  readonly withoutRowid: string;
}

/**
 * A schema step that is the same on both adapters but for type names (ADR 058): each adapter's migration
 * list runs it under the same version and name as before, so databases migrated before it was shared see
 * it as applied and run nothing again.
 */
export interface SharedMigration {
  version: number;
  name: string;
  sql(types: SchemaTypes): string;
}

/** Whether a step of an adapter's list is a shared one (its SQL a function of the types). */
export const isSharedMigration = (step: { sql?: unknown }): step is SharedMigration =>
  typeof step.sql === 'function';
