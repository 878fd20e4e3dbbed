import Client from 'pg-native';
import pgTypes from 'pg-types';
import type { SynchronousTransactions } from '../unitOfWork/serialiseUnits';
import { DatabaseUnavailableError } from '../DatabaseUnavailableError';

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
 * A lost connection (server restarted, backend terminated) is re-established on the next use outside a
 * unit of work (ADR 021f); until then every statement throws DatabaseUnavailableError.
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
  /**
   * Runs synchronous `work` in one transaction (a savepoint inside an open one), as better-sqlite3's
   * `transaction` does: for the steps of one repository call that must commit together.
   */
  transaction<T>(work: () => T): T;
  /** The transactions a serialised unit of work opens and ends on this connection (ADR 022). */
  transactions: SynchronousTransactions;
  /** Subscribes to a notification channel (LISTEN), again after every reconnect. */
  listen(channel: string): void;
  /**
   * Whether `channel` was notified since the last call. Reads only what the server already sent (no round
   * trip); a reconnect counts as a notification of every channel, since some may have been missed.
   */
  takeNotification(channel: string): boolean;
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

/** PQtransactionStatus of a connection that is broken. */
const CONNECTION_BAD = 4;

/** Seconds a (re)connection may block the event loop when the URL does not say (libpq's default: forever). */
export const CONNECT_TIMEOUT_SECONDS = 5;

/** The URL with libpq's connect_timeout, unless it has one (or is not a URI but `key=value` pairs). */
export function withConnectTimeout(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  const parsed = new URL(url);
  if (!parsed.searchParams.has('connect_timeout'))
    parsed.searchParams.set('connect_timeout', String(CONNECT_TIMEOUT_SECONDS));
  return parsed.toString();
}

function openClient(url: string): Client {
  const client = new Client({ types: typeParsers });
  try {
    client.connectSync(withConnectTimeout(url));
    // Notices ("relation … already exists, skipping") would go to stderr.
    client.querySync('SET client_min_messages = warning');
    // Random reads cost about what sequential ones do on SSDs and in the page cache; the default 4.0 made the
    // planner read every parcel to match a word (15 ms on ZG) instead of the text index (3.5 ms).
    client.querySync('SET random_page_cost = 1.1');
    // Statements are prepared once per connection; after five runs PostgreSQL would plan them without their
    // values, and a word's or a postcode's candidates then walked the primary key through every parcel
    // (~15 ms on ZG) whatever their number. A plan per run costs ~0.2 ms.
    client.querySync('SET plan_cache_mode = force_custom_plan');
    return client;
  } catch (error) {
    endClient(client);
    throw new Error(`Cannot connect to PostgreSQL: ${(error as Error).message.trim()}`);
  }
}

/** Connects now (failing with the reason when PostgreSQL cannot be reached) and reconnects when needed. */
export function connectPostgres(url: string): PostgresConnection {
  /** The live client, or null after the connection was lost (until the next use reconnects). */
  let client: Client | null = openClient(url);
  let prepared = new Map<string, string>();
  const channels = new Set<string>();
  const notified = new Set<string>();
  let depth = 0;
  /** Counts lost connections: a unit of work that began on an earlier one can only fail. */
  let generation = 0;
  let closed = false;

  function lose(reason: string): DatabaseUnavailableError {
    if (client) endClient(client);
    client = null;
    prepared = new Map();
    generation += 1;
    return new DatabaseUnavailableError(reason);
  }

  /** Reads notifications and notices the server sent while we were idle; false when that broke. */
  function drain(live: Client): boolean {
    // Twice: a terminated backend's last message and its end of stream may arrive together, and one read
    // takes only the message (libpq marks the connection bad when a read meets the end).
    const readable = live.pq.consumeInput() && live.pq.consumeInput();
    for (let note = live.pq.notifies(); note; note = live.pq.notifies()) notified.add(note.relname);
    return readable && live.pq.transactionStatus() !== CONNECTION_BAD;
  }

  /**
   * The client to run the next statement on. Outside a unit of work a broken connection (seen without a
   * round trip) is replaced; inside one it is not: the database rolled the unit back, so it must fail.
   */
  function live(): Client {
    if (closed) throw new Error('The PostgreSQL connection is closed');
    if (client && (depth > 0 || drain(client))) return client;
    if (depth > 0) throw new DatabaseUnavailableError('connection lost inside a unit of work');
    if (client) lose('connection lost while idle');
    try {
      const fresh = openClient(url);
      for (const channel of channels) fresh.querySync(`LISTEN ${channel}`);
      client = fresh;
    } catch (error) {
      throw new DatabaseUnavailableError((error as Error).message);
    }
    for (const channel of channels) notified.add(channel);
    return client;
  }

  function failure(current: Client, error: unknown): Error {
    const message = error instanceof Error ? error.message.trim() : String(error);
    if (current.pq.transactionStatus() === CONNECTION_BAD) return lose(message);
    const fields = current.pq.resultErrorFields() ?? {};
    return new PostgresError(message, fields.sqlState ?? null, fields.constraintName ?? null);
  }

  function execute(sql: string, params: readonly SqlValue[]): SqlRow[] {
    const current = live();
    try {
      let name = prepared.get(sql);
      if (name === undefined) {
        name = `s${prepared.size + 1}`;
        current.prepareSync(name, sql, params.length);
        prepared.set(sql, name);
      }
      return current.executeSync(name, params.map(toText));
    } catch (error) {
      throw failure(current, error);
    }
  }

  function exec(sql: string): void {
    const current = live();
    try {
      current.querySync(sql);
    } catch (error) {
      throw failure(current, error);
    }
  }

  /** The connection's generation when each open unit began: a unit that outlived its connection fails. */
  const startedAt: number[] = [];

  // A nested unit joins the outer one through a savepoint, as better-sqlite3's nested transactions do.
  const transactions: SynchronousTransactions = {
    begin(level) {
      exec(level > 0 ? `SAVEPOINT unit_${level}` : 'BEGIN');
      startedAt.push(generation);
      depth += 1;
    },
    commit(level) {
      try {
        // The work may have caught the loss and gone on: it must not look committed.
        if (startedAt.at(-1) !== generation)
          throw new DatabaseUnavailableError('connection lost inside a unit of work');
        exec(level > 0 ? `RELEASE SAVEPOINT unit_${level}` : 'COMMIT');
      } catch (error) {
        if (level === 0 && startedAt.at(-1) === generation && client !== null) exec('ROLLBACK');
        throw error;
      } finally {
        startedAt.pop();
        depth -= 1;
      }
    },
    /** Rolls back what the database still holds of the unit (nothing when the connection was lost). */
    rollback(level) {
      try {
        if (startedAt.at(-1) !== generation || client === null) return;
        exec(level > 0 ? `ROLLBACK TO SAVEPOINT unit_${level}; RELEASE SAVEPOINT unit_${level}` : 'ROLLBACK');
      } finally {
        startedAt.pop();
        depth -= 1;
      }
    },
  };

  function transaction<T>(work: () => T): T {
    const level = depth;
    transactions.begin(level);
    let result: T;
    try {
      result = work();
    } catch (error) {
      transactions.rollback(level);
      throw error;
    }
    transactions.commit(level);
    return result;
  }

  return {
    transaction,
    query: <Row>(sql: string, params: readonly SqlValue[] = []) => execute(sql, params) as Row[],
    one: <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (execute(sql, params)[0] as Row | undefined) ?? null,
    run(sql, params = []) {
      execute(sql, params);
      return Number(client?.pq.cmdTuples()) || 0;
    },
    exec,
    transactions,
    listen(channel) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      if (channels.has(channel)) return;
      exec(`LISTEN ${channel}`);
      channels.add(channel);
    },
    takeNotification(channel) {
      if (depth === 0) live();
      else if (client) drain(client);
      return notified.delete(channel);
    },
    close() {
      if (closed) return;
      closed = true;
      if (client) endClient(client);
      client = null;
    },
  };
}
