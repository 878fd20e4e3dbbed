import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import pgTypes from 'pg-types';
import { DatabaseUnavailableError } from '../contract/DatabaseUnavailableError';
import type { PoolUse } from '../contract/StorageHealth';
import { TaskQueue } from '../contract/unitOfWork/TaskQueue';
import { createPostgresListener, type PostgresListener } from './PostgresListener';

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

/**
 * Session settings of every connection, the pool's and the listener's. Notices ("relation … already exists,
 * skipping") would go to stderr. Random reads cost about what sequential ones do on SSDs and in the page
 * cache; the default 4.0 made the planner read every parcel to match a word (15 ms on ZG) instead of the
 * text index (3.5 ms). Statements are prepared once per connection; after five runs PostgreSQL would plan
 * them without their values, and a word's or a postcode's candidates then walked the primary key through
 * every parcel (~15 ms on ZG) whatever their number: a plan per run costs ~0.2 ms.
 */
export const SESSION_SETTINGS =
  'SET client_min_messages = warning; SET random_page_cost = 1.1; SET plan_cache_mode = force_custom_plan';

export interface PostgresOptions {
  /** Most connections the pool opens (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** A statement running longer is cancelled by the server (DATABASE_STATEMENT_TIMEOUT_MS; 0: never). */
  statementTimeoutMs?: number;
  /** How long connecting may take before the request is answered 503 (the URL's connect_timeout wins). */
  connectTimeoutMs?: number;
  /** Told how long each statement took, failed ones included (the metrics' query timings). */
  onStatement?: (seconds: number, sql: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** Milliseconds a (re)connection may take when neither the options nor the URL say. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL through node-postgres' asynchronous pool (ADR 024). Statements outside a unit of work take
 * any pooled connection; a unit of work holds one connection from BEGIN to COMMIT/ROLLBACK, and every
 * statement made inside it — found by the AsyncLocalStorage context its work runs in — goes to that
 * connection. Statements are prepared once per connection, named after the order they were first used.
 * A lost connection is dropped from the pool, which opens a new one on the next use (ADR 051).
 */
export interface PostgresConnection {
  /** Rows of one statement with `$1…$n` placeholders (prepared on first use per connection). */
  query<Row = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** The first row or null. */
  one<Row = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<Row | null>;
  /** Runs a statement and resolves how many rows it inserted, updated or deleted. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
  /**
   * The unit of work: runs `work` in one transaction on one pooled connection, or in a savepoint of the
   * unit it is called from. Units nested in one unit run one after another.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Subscribes to a notification channel (LISTEN on the one listening connection, again after a reconnect). */
  listen(channel: string): Promise<void>;
  /**
   * Whether `channel` was notified since the last call (no round trip). A lost listening connection counts
   * as a notification of every channel, since some may have been missed.
   */
  takeNotification(channel: string): boolean;
  /** The pool's connections now (no round trip). */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

/** SQLSTATE classes and codes that mean the session is gone: connection exceptions, shutdowns, terminations. */
const LOST_SESSION = /^(08|57P0[1-3])/;

/** Whether a failure means the connection is gone rather than that the statement failed. */
function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return LOST_SESSION.test(code);
  // No SQLSTATE: a socket error (ECONNRESET, EPIPE…) or node-postgres' "Connection terminated".
  return true;
}

function statementError(error: unknown): Error {
  const message = error instanceof Error ? error.message.trim() : String(error);
  const fields = error as { code?: unknown; constraint?: unknown };
  return new PostgresError(
    message,
    typeof fields.code === 'string' ? fields.code : null,
    typeof fields.constraint === 'string' ? fields.constraint : null,
  );
}

/** One pooled connection in use, and whether it broke meanwhile. */
interface Session {
  client: pg.PoolClient;
  lost: boolean;
  /** Stops watching the client for errors (the pool watches it again once it is back). */
  unwatch(): void;
}

interface RunningUnit {
  session: Session;
  depth: number;
  parent: RunningUnit | null;
  /** Units opened inside this one run one after another, each as a savepoint. */
  nested: TaskQueue;
  /** False once the unit committed or rolled back: a late continuation of its work is no longer inside. */
  open: boolean;
}

/** The pool's settings for a URL: the URL's connect_timeout (seconds) when it has one. */
function poolConfig(url: string, options: PostgresOptions): pg.PoolConfig {
  const fromUrl = /^postgres(ql)?:\/\//.test(url) ? new URL(url).searchParams.get('connect_timeout') : null;
  return {
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis:
      fromUrl !== null ? Number(fromUrl) * 1000 : (options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    types: typeParsers,
  };
}

/**
 * Opens the pool and makes its first connection without blocking the event loop: fails with the reason
 * when PostgreSQL cannot be reached.
 */
export async function connectPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<PostgresConnection> {
  const config = poolConfig(url, options);
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => {
    // Queued before any statement of the first user of the client.
    client.query(SESSION_SETTINGS).catch(() => {
      // A connection that fails here fails its first statement too, which reports it.
    });
  });
  // An idle connection that breaks (server restart, terminated backend) is dropped by the pool, which emits
  // the error here; the next use opens a new one. Without a listener it would end the process.
  pool.on('error', () => {});

  const prepared = new Map<string, string>();
  const statementName = (sql: string) => {
    let name = prepared.get(sql);
    if (name === undefined) {
      name = `s${prepared.size + 1}`;
      prepared.set(sql, name);
    }
    return name;
  };
  const units = new AsyncLocalStorage<RunningUnit>();
  let listener: PostgresListener | null = null;
  let closed = false;

  function runningUnit(): RunningUnit | null {
    let unit = units.getStore() ?? null;
    while (unit && !unit.open) unit = unit.parent;
    return unit;
  }

  async function acquire(): Promise<Session> {
    if (closed) throw new Error('The PostgreSQL connection is closed');
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL: ${(error as Error).message.trim()}`);
    }
    // A checked-out client that breaks emits 'error' on itself (the pool listens only to idle ones).
    const onError = () => {
      session.lost = true;
    };
    const session: Session = { client, lost: false, unwatch: () => client.off('error', onError) };
    client.on('error', onError);
    return session;
  }

  function release(session: Session): void {
    session.unwatch();
    // A broken connection is destroyed, not returned to the pool.
    session.client.release(session.lost ? true : undefined);
  }

  async function runOn(
    session: Session,
    sql: string,
    params: readonly SqlValue[] | null,
  ): Promise<pg.QueryResult> {
    if (session.lost) throw new DatabaseUnavailableError('connection lost inside a unit of work');
    const started = process.hrtime.bigint();
    try {
      return params === null
        ? await session.client.query(sql)
        : await session.client.query({ name: statementName(sql), text: sql, values: [...params] });
    } catch (error) {
      if (!isConnectionLoss(error)) throw statementError(error);
      session.lost = true;
      throw new DatabaseUnavailableError((error as Error).message);
    } finally {
      options.onStatement?.(Number(process.hrtime.bigint() - started) / 1e9, sql);
    }
  }

  async function execute(sql: string, params: readonly SqlValue[] | null): Promise<pg.QueryResult> {
    const unit = runningUnit();
    if (unit) return runOn(unit.session, sql, params);
    const session = await acquire();
    try {
      return await runOn(session, sql, params);
    } finally {
      release(session);
    }
  }

  /**
   * Runs a unit's work in its context, then the units still queued inside it; when the work fails, undoes
   * what the database holds of it (`rollback`) unless the connection is gone. Closes the unit either way.
   */
  async function runUnit<T>(unit: RunningUnit, work: () => Promise<T>, rollback: string): Promise<T> {
    try {
      const result = await units.run(unit, work);
      await unit.nested.run(() => Promise.resolve());
      return result;
    } catch (error) {
      unit.open = false;
      if (!unit.session.lost)
        await runOn(unit.session, rollback, null).catch(() => (unit.session.lost = true));
      throw error;
    } finally {
      unit.open = false;
    }
  }

  /** A unit inside `parent`: a savepoint on the parent's connection, after the siblings queued before it. */
  function savepoint<T>(parent: RunningUnit, work: () => Promise<T>): Promise<T> {
    return parent.nested.run(async () => {
      const depth = parent.depth + 1;
      const name = `unit_${depth}`;
      await runOn(parent.session, `SAVEPOINT ${name}`, null);
      const unit: RunningUnit = {
        session: parent.session,
        depth,
        parent,
        nested: new TaskQueue(),
        open: true,
      };
      const result = await runUnit(unit, work, `ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
      await runOn(parent.session, `RELEASE SAVEPOINT ${name}`, null);
      return result;
    });
  }

  async function transaction<T>(work: () => Promise<T>): Promise<T> {
    const parent = runningUnit();
    if (parent) return savepoint(parent, work);
    const session = await acquire();
    try {
      await runOn(session, 'BEGIN', null);
      const unit: RunningUnit = { session, depth: 0, parent: null, nested: new TaskQueue(), open: true };
      const result = await runUnit(unit, work, 'ROLLBACK');
      // The work may have caught the loss and gone on: it must not look committed.
      if (session.lost) throw new DatabaseUnavailableError('connection lost inside a unit of work');
      const commit = await runOn(session, 'COMMIT', null);
      // PostgreSQL answers COMMIT of a transaction a failed statement aborted with ROLLBACK, not an error.
      if (commit.command === 'ROLLBACK')
        throw new PostgresError('The unit of work was rolled back: one of its statements failed', null, null);
      return result;
    } finally {
      release(session);
    }
  }

  const connection: PostgresConnection = {
    transaction,
    query: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await execute(sql, params)).rows as Row[],
    one: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      ((await execute(sql, params)).rows[0] as Row | undefined) ?? null,
    run: async (sql, params = []) => (await execute(sql, params)).rowCount ?? 0,
    exec: async (sql) => {
      await execute(sql, null);
    },
    async listen(channel) {
      listener ??= createPostgresListener(config);
      await listener.listen(channel);
    },
    takeNotification: (channel) => listener?.take(channel) ?? false,
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: config.max ?? DEFAULT_POOL_SIZE,
    }),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([listener?.close(), pool.end()]);
    },
  };

  try {
    await connection.one('SELECT 1');
  } catch (error) {
    await connection.close();
    throw new Error(
      error instanceof DatabaseUnavailableError
        ? error.reason
        : `Cannot connect to PostgreSQL: ${(error as Error).message}`,
    );
  }
  return connection;
}
