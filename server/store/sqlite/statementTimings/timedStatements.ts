import type { Database, Statement } from 'better-sqlite3';
import { createStatementLabeller } from '../../contract/statementTimings/statementLabel';
import type { StatementObserver } from '../../contract/Storage';

const observers = new WeakMap<Database, StatementObserver>();

/**
 * better-sqlite3 has no statement hook: this wraps `db.prepare` so `run`, `get`, `all` and `iterate` of
 * every statement prepared from now on report their duration to the observer `observeStatements` sets
 * (none yet: they run untimed). The label and its observation function are worked out once per prepared
 * statement, so a call costs two clock reads and a histogram observation.
 */
export function timeStatements(db: Database): void {
  const prepare = db.prepare.bind(db) as (sql: string) => Statement;
  const labelOf = createStatementLabeller();
  const timedPrepare = (sql: string): Statement => {
    const statement = prepare(sql);
    const observer = observers.get(db);
    if (observer) timeStatement(statement, observer(labelOf(sql)));
    return statement;
  };
  // prepare is generic over the statement's parameters and result; the wrapper returns what it returns.
  db.prepare = timedPrepare as Database['prepare'];
}

/** Sets where the statement timings of `db` go (the metrics; compose.ts). */
export function observeStatements(db: Database, observer: StatementObserver): void {
  observers.set(db, observer);
}

const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

function timeStatement(statement: Statement, observe: (seconds: number) => void): void {
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = function timed(...args: unknown[]) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(statement, args);
      } finally {
        observe(seconds(started));
      }
    };
  }
  const iterate = statement.iterate as (...args: unknown[]) => IterableIterator<unknown>;
  (statement as unknown as Record<string, unknown>).iterate = function* timedIterate(...args: unknown[]) {
    // The time spent inside the statement: creating the iterator and each step, not the caller's loop body.
    let spent = 0n;
    let started = process.hrtime.bigint();
    const rows = iterate.apply(statement, args);
    spent += process.hrtime.bigint() - started;
    try {
      for (;;) {
        started = process.hrtime.bigint();
        const next = rows.next();
        spent += process.hrtime.bigint() - started;
        if (next.done) return;
        yield next.value;
      }
    } finally {
      rows.return?.();
      observe(Number(spent) / 1e9);
    }
  };
}
