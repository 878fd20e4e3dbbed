import Client from 'pg-native';
import pgTypes from 'pg-types';
import type { UnitOfWork } from '../Stores';

/** A value bound to a `$n` placeholder. Buffers go as bytea; booleans as true/false. */
export type SqlValue = string | number | boolean | bigint | Buffer | null;

export type SqlRow = Record<string, unknown>;

/** A failed statement, with PostgreSQL's SQLSTATE (`23505` unique violation, …) when the server gave one. */
export class PostgresError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    /** The violated constraint, when there was one. */
    readonly constraint: string | null,
  ) {
    super(message);
    this.name = 'PostgresError';
  }
}

export const UNIQUE_VIOLATION = '23505';

export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof PostgresError && error.code === UNIQUE_VIOLATION;

/**
 * Column parsers: bigint (epoch milliseconds, counters) and numeric as JavaScript numbers — every bigint the
 * schema stores is far below 2^53 — the rest as node-postgres parses them (bool, int, float, json, bytea).
 */
const typeParsers = {
  getTypeParser(oid: number, format?: string): (value: string) => unknown {
    if (oid === pgTypes.builtins.INT8 || oid === pgTypes.builtins.NUMERIC) return Number;
    return pgTypes.getTypeParser(oid, format === 'binary' ? 'binary' : 'text') as (value: string) => unknown;
  },
};

function toText(value: SqlValue): string | null {
  if (value === null) return null;
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return String(value);
}

/**
 * One synchronous libpq connection (pg-native) with the repository contract's synchronous unit of work
 * (ADR 021d). Statements are prepared once per connection, named after the order they were first used.
 */
export interface PostgresConnection {
  /** Rows of one statement with `$1…$n` placeholders (prepared on first use, then executed). */
  query<Row = SqlRow>(sql: string, params?: readonly SqlValue[]): Row[];
  /** The first row or null. */
  one<Row = SqlRow>(sql: string, params?: readonly SqlValue[]): Row | null;
  /** Runs a statement and returns how many rows it inserted, updated or deleted. */
  run(sql: string, params?: readonly SqlValue[]): number;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(sql: string): void;
  unitOfWork: UnitOfWork;
  close(): void;
}

/**
 * Ended clients, kept alive until the event loop has closed their socket watcher: libpq's finish hands
 * the watcher, a member of the native object, to uv_close, and a collection of the object before the
 * loop's close phase makes libuv abort the process (seen at the end of jest runs).
 */
const closing = new Set<Client>();

function endClient(client: Client): void {
  closing.add(client);
  client.end(() => setTimeout(() => closing.delete(client), 0));
}

export function connectPostgres(url: string): PostgresConnection {
  const client = new Client({ types: typeParsers });
  try {
    client.connectSync(url);
    // Notices ("relation … already exists, skipping") would go to stderr.
    client.querySync('SET client_min_messages = warning');
  } catch (error) {
    endClient(client);
    throw new Error(`Cannot connect to PostgreSQL: ${(error as Error).message.trim()}`);
  }
  const prepared = new Map<string, string>();
  let depth = 0;
  let closed = false;

  function failure(error: unknown): PostgresError {
    const fields = client.pq.resultErrorFields() ?? {};
    const message = error instanceof Error ? error.message.trim() : String(error);
    return new PostgresError(message, fields.sqlState ?? null, fields.constraintName ?? null);
  }

  function execute(sql: string, params: readonly SqlValue[]): SqlRow[] {
    try {
      let name = prepared.get(sql);
      if (name === undefined) {
        name = `s${prepared.size + 1}`;
        client.prepareSync(name, sql, params.length);
        prepared.set(sql, name);
      }
      return client.executeSync(name, params.map(toText));
    } catch (error) {
      throw failure(error);
    }
  }

  function exec(sql: string): void {
    try {
      client.querySync(sql);
    } catch (error) {
      throw failure(error);
    }
  }

  const unitOfWork: UnitOfWork = <T>(work: () => T): T => {
    // A nested unit joins the outer one through a savepoint, as better-sqlite3's nested transactions do.
    const savepoint = depth > 0 ? `unit_${depth}` : null;
    exec(savepoint ? `SAVEPOINT ${savepoint}` : 'BEGIN');
    depth += 1;
    let result: T;
    try {
      result = work();
      if (result instanceof Promise) {
        throw new TypeError('A unit of work must be synchronous (it returned a promise)');
      }
    } catch (error) {
      depth -= 1;
      exec(savepoint ? `ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}` : 'ROLLBACK');
      throw error;
    }
    depth -= 1;
    try {
      exec(savepoint ? `RELEASE SAVEPOINT ${savepoint}` : 'COMMIT');
    } catch (error) {
      if (!savepoint) exec('ROLLBACK');
      throw error;
    }
    return result;
  };

  return {
    query: <Row>(sql: string, params: readonly SqlValue[] = []) => execute(sql, params) as Row[],
    one: <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (execute(sql, params)[0] as Row | undefined) ?? null,
    run(sql, params = []) {
      execute(sql, params);
      return Number(client.pq.cmdTuples()) || 0;
    },
    exec,
    unitOfWork,
    close() {
      if (closed) return;
      closed = true;
      endClient(client);
    },
  };
}
