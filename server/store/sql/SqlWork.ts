/**
 * The SQL port both adapters run (ADR 058). A repository that is the same on SQLite and PostgreSQL is
 * written once, as generator methods that yield statements (`yield* one(…)`, `yield* all(…)`, `yield* run(…)`)
 * and read their results; each adapter drives the generators with its own driver. SQLite runs every
 * statement at once and so keeps its repositories synchronous (`Synchronous<Port>`, ADR 022: the serialising
 * queue wraps whole units, nothing awaits inside a repository call); PostgreSQL awaits each statement on the
 * pool. Statements use `?` placeholders, which the PostgreSQL adapter numbers `$1…$n`.
 */

/** A value bound to a `?` placeholder: flags are stored as 0/1 integers on both adapters. */
export type SqlValue = string | number | bigint | Buffer | null;

/**
 * What a repository method asks its adapter to do: run one statement (`all`: every row; `one`: the first
 * row or null; `run`: how many rows it changed), or run several as one transaction (`atomic`).
 */
export type SqlStep =
  | { readonly kind: 'all' | 'one' | 'run'; readonly sql: string; readonly params: readonly SqlValue[] }
  | { readonly kind: 'atomic'; readonly work: SqlWork<unknown> };

/** A repository method's body: yields statements, is given their results, returns the method's result. */
export type SqlWork<Result> = Generator<SqlStep, Result, unknown>;

/** Every row of a statement. */
export function* all<Row>(sql: string, ...params: SqlValue[]): SqlWork<Row[]> {
  return (yield { kind: 'all', sql, params }) as Row[];
}

/** The first row of a statement, or null. */
export function* one<Row>(sql: string, ...params: SqlValue[]): SqlWork<Row | null> {
  return (yield { kind: 'one', sql, params }) as Row | null;
}

/** Runs a statement; gives how many rows it inserted, updated or deleted. */
export function* run(sql: string, ...params: SqlValue[]): SqlWork<number> {
  return (yield { kind: 'run', sql, params }) as number;
}

/**
 * Runs `work` as one transaction (a savepoint inside a unit of work): all of its statements or none. On
 * SQLite it runs synchronously like every statement, on PostgreSQL on one pooled connection.
 */
export function* atomically<Result>(work: SqlWork<Result>): SqlWork<Result> {
  return (yield { kind: 'atomic', work }) as Result;
}

/**
 * Makes the rest of the running transaction wait for any other holding `key` (the dialect's `lockKey`); nothing
 * where writers never run side by side (SQLite).
 */
export function* holdLock(dialect: Pick<SqlDialect, 'lockKey'>, key: string): SqlWork<void> {
  if (dialect.lockKey !== null) yield* one(dialect.lockKey, key);
}

/**
 * What the two dialects spell differently, as fragments the shared SQL puts in its text (so a statement's
 * text, and the plan prepared for it, never depends on its values).
 */
export interface SqlDialect {
  /**
   * Appended to a text column in ORDER BY so both sort by code point: SQLite's default collation is
   * binary already, PostgreSQL's follows the database's locale.
   */
  readonly byCodePoint: string;
  /**
   * A set of texts bound to one parameter, as a subquery of one column `value`: `column IN ${textSet}` or
   * `FROM ${textSet} AS keys` (SQLite: json_each; PostgreSQL: unnest).
   */
  readonly textSet: string;
  /** The value bound to `textSet`'s parameter. */
  textSetValue(values: readonly string[]): SqlValue;
  /**
   * A statement that makes the rest of the running transaction wait for any other holding the same key (its
   * one parameter), or null where writers never run side by side (SQLite has one writer at a time).
   */
  readonly lockKey: string | null;
  /**
   * Appended to a SELECT of one row the transaction then writes (PostgreSQL's FOR UPDATE), or null where
   * nothing can run between the read and the write (SQLite runs a repository call at once).
   */
  readonly forUpdate: string | null;
}

/** A port written once: each of its methods as SQL work. */
export type SqlRepository<Port> = {
  [Name in keyof Port]: Port[Name] extends (...args: infer Args) => Promise<infer Result>
    ? (...args: Args) => SqlWork<Result>
    : never;
};

/** A shared repository's definition: its methods, given the dialect it runs on. */
export type SqlRepositoryDefinition<Port> = (dialect: SqlDialect) => SqlRepository<Port>;

/**
 * Runs a method's statements synchronously (`perform` returns each result); the SQLite adapter's driver.
 * A statement's error is thrown into the method, which may catch it.
 */
export function runSqlWork<Result>(work: SqlWork<Result>, perform: (step: SqlStep) => unknown): Result {
  let next = work.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = perform(next.value);
    } catch (error) {
      next = work.throw(error);
      continue;
    }
    next = work.next(result);
  }
  return next.value;
}

/** Runs a method's statements one after another, awaiting each; the PostgreSQL adapter's driver. */
export async function runSqlWorkAsync<Result>(
  work: SqlWork<Result>,
  perform: (step: SqlStep) => Promise<unknown>,
): Promise<Result> {
  let next = work.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = await perform(next.value);
    } catch (error) {
      next = work.throw(error);
      continue;
    }
    next = work.next(result);
  }
  return next.value;
}

/** Builds a port from a definition, each method driven by `drive`. */
export function buildSqlRepository<Port, Built>(
  definition: SqlRepositoryDefinition<Port>,
  dialect: SqlDialect,
  drive: (work: SqlWork<unknown>) => unknown,
): Built {
  const methods = definition(dialect) as Record<string, (...args: unknown[]) => SqlWork<unknown>>;
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [name, (...args: unknown[]) => drive(method(...args))]),
  ) as Built;
}
