import {
  buildSqlRepository,
  runSqlWorkAsync,
  type SqlDialect,
  type SqlRepositoryDefinition,
  type SqlStep,
} from '../../sql/SqlWork';
import { isUniqueViolation, type PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';

export const postgresDialect: SqlDialect = {
  byCodePoint: ' COLLATE "C"',
  textSet: '(SELECT unnest(?::text[]))',
  textSetValue: toTextArray,
  isUniqueViolation,
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
  return (step) => {
    const sql = numberPlaceholders(step.sql);
    if (step.kind === 'all') return db.query(sql, step.params);
    if (step.kind === 'one') return db.one(sql, step.params);
    return db.run(sql, step.params);
  };
}

/** A shared repository over the pool: each method awaits its statements one after another. */
export function postgresSqlRepository<Port>(
  db: PostgresConnection,
  definition: SqlRepositoryDefinition<Port>,
): Port {
  const perform = performer(db);
  return buildSqlRepository(definition, postgresDialect, (work) => runSqlWorkAsync(work, perform));
}
