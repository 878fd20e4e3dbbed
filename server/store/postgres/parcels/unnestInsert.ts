import type { PostgresConnection, SqlValue } from '../PostgresConnection';
import { toArrayLiteral } from '../textArray';

/** A value column of a bulk insert: its name in the `unnest` source and its SQL element type. */
export type UnnestColumn = readonly [name: string, type: string];

/** Rows per statement: large municipalities go in several statements of bounded size. */
const ROWS_PER_STATEMENT = 2000;

/**
 * Inserts many rows with one statement per chunk: every column is one array parameter, zipped by
 * `unnest` — one prepared statement whatever the number of rows (a multi-row VALUES list would need one
 * per row count).
 * `targets` maps each table column to an expression over the source columns (`u.name`).
 */
export function createUnnestInsert(
  db: PostgresConnection,
  table: string,
  source: readonly UnnestColumn[],
  targets: Readonly<Record<string, string>>,
): (rows: readonly (readonly (string | number | Buffer | null)[])[]) => Promise<void> {
  const sql =
    `INSERT INTO ${table} (${Object.keys(targets).join(', ')}) ` +
    `SELECT ${Object.values(targets).join(', ')} FROM unnest(${source
      .map(([, type], i) => `$${i + 1}::${type}[]`)
      .join(', ')}) AS u(${source.map(([name]) => name).join(', ')})`;
  return async (rows) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const params: SqlValue[] = source.map((_, c) => toArrayLiteral(chunk.map((row) => row[c])));
      await db.run(sql, params);
    }
  };
}

/** Every source column as itself (`name: 'u.name'`), plus computed ones. */
export function plainTargets(
  source: readonly UnnestColumn[],
  skip: readonly string[] = [],
): Record<string, string> {
  return Object.fromEntries(
    source.filter(([name]) => !skip.includes(name)).map(([name]) => [name, `u.${name}`]),
  );
}
