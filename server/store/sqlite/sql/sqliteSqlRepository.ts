import type { Database, Statement } from 'better-sqlite3';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import {
  buildSqlRepository,
  runSqlWork,
  type SqlDialect,
  type SqlRepositoryDefinition,
  type SqlStep,
  type SqlWork,
} from '../../sql/SqlWork';
import type { SchemaTypes } from '../../sql/migrations/SharedMigration';

/**
 * By its code, not `instanceof Error`: better-sqlite3's native addon keeps the SqliteError class of the
 * first module instance that loaded it, which is another realm's Error in a jest worker's later test files.
 */
export function isSqliteUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

export const sqliteDialect: SqlDialect = {
  byCodePoint: '',
  textSet: '(SELECT value FROM json_each(?))',
  textSetValue: (values) => JSON.stringify(values),
  lockKey: null,
  forUpdate: null,
};

/** SQLite's names for the shared migrations' types. */
export const SQLITE_TYPES: SchemaTypes = {
  bigint: 'INTEGER',
  real: 'REAL',
  blob: 'BLOB',
  withoutRowid: ' WITHOUT ROWID',
};

/** Each connection's statements, prepared on first use and kept, shared by every repository over it. */
const preparedOf = new WeakMap<Database, Map<string, Statement>>();

function performer(db: Database): (step: SqlStep) => unknown {
  let prepared = preparedOf.get(db);
  if (!prepared) {
    prepared = new Map();
    preparedOf.set(db, prepared);
  }
  const statements = prepared;
  const perform = (step: SqlStep): unknown => {
    if (step.kind === 'atomic') return db.transaction(() => runSqlWork(step.work, perform))();
    let statement = statements.get(step.sql);
    if (!statement) {
      statement = db.prepare(step.sql);
      statements.set(step.sql, statement);
    }
    if (step.kind === 'all') return statement.all(...step.params);
    if (step.kind === 'one') return statement.get(...step.params) ?? null;
    return statement.run(...step.params).changes;
  };
  return perform;
}

/** Runs one piece of shared SQL work on a connection (the plan catalogue's seed). */
export const runSqliteWork = <Result>(db: Database, work: SqlWork<Result>): Result =>
  runSqlWork(work, performer(db));

/**
 * A shared repository over one SQLite connection: every statement runs at once, so each method returns
 * its result synchronously, as `serialiseUnits` expects (ADR 022).
 */
export function sqliteSqlRepository<Port>(
  db: Database,
  definition: SqlRepositoryDefinition<Port>,
): Synchronous<Port> {
  const perform = performer(db);
  return buildSqlRepository(definition, sqliteDialect, (work) => runSqlWork(work, perform));
}
