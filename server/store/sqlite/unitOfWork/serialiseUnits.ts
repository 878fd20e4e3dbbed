import { AsyncLocalStorage } from 'node:async_hooks';
import type { UnitOfWork } from '../../contract/unitOfWork/UnitOfWork';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { TaskQueue } from '../../contract/unitOfWork/TaskQueue';

/**
 * Opening and ending a transaction on one synchronous connection. Depth 0 is the outermost unit
 * (BEGIN/COMMIT/ROLLBACK); deeper units are savepoints. A commit that fails leaves no transaction open.
 */
export interface SynchronousTransactions {
  begin(depth: number): void;
  commit(depth: number): void;
  rollback(depth: number): void;
}

interface RunningUnit {
  depth: number;
  /** Units opened inside this one run one after another, each as a savepoint. */
  nested: TaskQueue;
  /** False once the unit committed or rolled back: a late continuation of its work is no longer inside. */
  open: boolean;
}

/** The unit of work and the repository wrapper of one synchronous connection (ADR 022). */
export interface SerialisedUnits {
  unitOfWork: UnitOfWork;
  /** The port of a synchronous repository: each call resolves once it may run and has run. */
  asynchronous<Port extends object>(repository: Synchronous<Port>): Port;
}

/**
 * One synchronous connection (better-sqlite3) shared by every request, with asynchronous units of work.
 * A unit holds the connection's transaction across its awaits, so nothing else may run a statement on the
 * connection meanwhile: units wait for each other in a queue, and a repository call from outside the
 * running unit (another request, a timer) waits until the unit has ended. Calls inside the unit — known
 * by the AsyncLocalStorage context the unit runs its work in — run at once. When no unit runs or waits a
 * call runs at once too, so reads outside units cost what they did before.
 */
export function serialiseUnits(transactions: SynchronousTransactions): SerialisedUnits {
  const units = new TaskQueue();
  const current = new AsyncLocalStorage<RunningUnit>();

  function runningUnit(): RunningUnit | null {
    const unit = current.getStore();
    return unit?.open ? unit : null;
  }

  const unitOfWork: UnitOfWork = <T>(work: () => Promise<T>): Promise<T> => {
    const parent = runningUnit();
    const queue = parent ? parent.nested : units;
    const depth = parent ? parent.depth + 1 : 0;
    return queue.run(async () => {
      transactions.begin(depth);
      const unit: RunningUnit = { depth, nested: new TaskQueue(), open: true };
      let result: T;
      try {
        result = await current.run(unit, work);
        // A nested unit still queued when the work returned would run after its parent ended.
        await unit.nested.run(() => Promise.resolve());
      } catch (error) {
        unit.open = false;
        try {
          transactions.rollback(depth);
        } catch {
          // SQLite ends the transaction itself on some errors (a full disk, I/O): the work's error is the
          // one to report, not "no transaction is active".
        }
        throw error;
      }
      unit.open = false;
      transactions.commit(depth);
      return result;
    });
  };

  function call<R>(statement: () => R): Promise<R> {
    if (runningUnit() !== null || units.idle) {
      try {
        return Promise.resolve(statement());
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return units.run(async () => statement());
  }

  function asynchronous<Port extends object>(repository: Synchronous<Port>): Port {
    const port: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(repository)) {
      port[name] =
        typeof member === 'function'
          ? (...args: unknown[]) =>
              call(() => (member as (...a: unknown[]) => unknown).apply(repository, args))
          : member;
    }
    return port as Port;
  }

  return { unitOfWork, asynchronous };
}

/** SQL for `SynchronousTransactions` on a connection that runs statements with `exec`. */
export function sqlTransactions(exec: (sql: string) => void): SynchronousTransactions {
  return {
    begin: (depth) => exec(depth === 0 ? 'BEGIN' : `SAVEPOINT unit_${depth}`),
    commit(depth) {
      if (depth > 0) return exec(`RELEASE SAVEPOINT unit_${depth}`);
      try {
        exec('COMMIT');
      } catch (error) {
        try {
          exec('ROLLBACK');
        } catch {
          // The failed COMMIT already ended the transaction: nothing is left to roll back.
        }
        throw error;
      }
    },
    rollback: (depth) =>
      exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT unit_${depth}; RELEASE SAVEPOINT unit_${depth}`),
  };
}

/**
 * The port of a synchronous repository on a connection no unit of work ever uses (a tile worker's
 * read-only handle, a benchmark): each call runs at once and resolves with its result.
 */
export function withoutUnits<Port extends object>(repository: Synchronous<Port>): Port {
  return serialiseUnits({ begin: refuseUnits, commit: refuseUnits, rollback: refuseUnits }).asynchronous(
    repository,
  );
}

function refuseUnits(): never {
  throw new Error('This connection has no units of work');
}
