import {
  buildSqlRepository,
  runSqlWorkAsync,
  type SqlDialect,
  type SqlRepositoryDefinition,
  type SqlStep,
  type SqlWork,
} from '../../sql/SqlWork';
import type { SchemaTypes } from '../../sql/migrations/SharedMigration';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';

export const postgresDialect: SqlDialect = {
  byCodePoint: ' COLLATE "C"',
  textSet: '(SELECT unnest(?::text[]) AS value)',
  textSetValue: toTextArray,
  lockKey: 'SELECT pg_advisory_xact_lock(hashtext(?))',
  forUpdate: ' FOR UPDATE',
};

/** PostgreSQL's names for the shared migrations' types. */
export const POSTGRES_TYPES: SchemaTypes = {
  bigint: 'BIGINT',
  real: 'DOUBLE PRECISION',
  blob: 'BYTEA',
  withoutRowid: '',
};

const numbered = new Map<string, string>();

/**
 * A statement's `?` placeholders as `$1…$n`, worked out once per text. Quoted literals and identifiers are
 * passed over; the shared SQL uses no `?` operator (PostgreSQL's jsonb key test).
 */
export function numberPlaceholders(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) => (match === '?' ? `$${++n}` : match));
    numbered.set(sql, text);
  }
  return text;
}

function performer(db: PostgresConnection): (step: SqlStep) => Promise<unknown> {
  const perform = (step: SqlStep): Promise<unknown> => {
    if (step.kind === 'atomic') return db.transaction(() => runSqlWorkAsync(step.work, perform));
    const sql = numberPlaceholders(step.sql);
    if (step.kind === 'all') return db.query(sql, step.params);
    if (step.kind === 'one') return db.one(sql, step.params);
    return db.run(sql, step.params);
  };
  return perform;
}

/** Runs one piece of shared SQL work on the pool (the plan catalogue's seed). */
export const runPostgresWork = <Result>(db: PostgresConnection, work: SqlWork<Result>): Promise<Result> =>
  runSqlWorkAsync(work, performer(db));

/** A shared repository over the pool: each method awaits its statements one after another. */
export function postgresSqlRepository<Port>(
  db: PostgresConnection,
  definition: SqlRepositoryDefinition<Port>,
): Port {
  const perform = performer(db);
  return buildSqlRepository(definition, postgresDialect, (work) => runSqlWorkAsync(work, perform));
}
