import { Worker } from 'node:worker_threads';
import type { Paging, ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import type {
  ParcelIdPage,
  ParcelRepository,
  ParcelSearchResult,
  SearchRanking,
} from '../../store/contract/parcels/ParcelRepository';
import type { SharedFilterIndex, SharedIndexHolder } from '../../store/contract/parcels/SharedFilterIndex';
import { DatabaseUnavailableError } from '../../store/contract/DatabaseUnavailableError';
import type { FreeDetailForm, ParcelDetailReplies } from '../parcelDetails/ParcelDetailReplies';
import type { ReplyEncoding } from '../compression/apiCompression';
import type { SearchReplies, SearchReplyAnswer } from './SearchReplies';
import {
  WORKER_BOOTSTRAP,
  workerEntryData,
  type WorkerEntryData,
  workerEntryFile,
} from '../../threads/workerThreadEntries';

/**
 * Where a search worker reads: the server's SQLite file (opened read-only), or PostgreSQL through a small
 * pool of the worker's own, one connection per call it may have in flight (ADR 063).
 */
export type SearchDatabase =
  { file: string } | { postgresUrl: string; statementTimeoutMs: number; connections: number };

/** What a search worker is started with (server/workers/searchWorker.ts). */
export interface SearchWorkerData extends WorkerEntryData {
  database: SearchDatabase;
}

/**
 * A repository call a worker answers: a search, a search page as its reply's bytes (ADR 070), or a free
 * detail reply as JSON text (ADR 044).
 */
export type SearchCall =
  | { method: 'search'; query: ParcelQuery; paging: Paging; ranking?: SearchRanking }
  | {
      method: 'searchReply';
      query: ParcelQuery;
      paging: Paging;
      ranking?: SearchRanking;
      encoding: ReplyEncoding | null;
    }
  | { method: 'searchRowIds'; query: ParcelQuery; paging: Paging }
  | { method: 'detailReply'; prcId: string; form: FreeDetailForm };

export type SearchCallResult =
  | { method: 'search'; value: ParcelSearchResult }
  | { method: 'searchReply'; value: SearchReplyAnswer }
  | { method: 'searchRowIds'; value: ParcelIdPage }
  | { method: 'detailReply'; value: string | null };

/** An index of null: there is no dataset (the worker's repository then reads none). */
export type SearchWorkerMessage =
  { type: 'index'; index: SharedFilterIndex | null } | { type: 'call'; id: number; call: SearchCall };

/** `unavailable`: the worker could not reach the database (answered 503, as on the main thread). */
export type SearchWorkerReply =
  | { id: number; threadId: number; indexShared: boolean; result: SearchCallResult }
  | { id: number; threadId: number; error: string; unavailable?: boolean };

const WORKER_ENTRY = workerEntryFile('searchWorker');

/** Attempts of one search: a worker that stops mid-search has its search given to another once. */
const ATTEMPTS = 2;
/**
 * Detail replies (a fraction of a millisecond each) go before waiting searches (milliseconds each), so a
 * map session's details do not queue behind searches; after this many in a row a waiting search goes.
 */
const DETAILS_BEFORE_A_SEARCH = 16;
/** After this many workers stopped in a row without answering, a replacement waits before it starts. */
const CRASHES_BEFORE_PAUSE = 4;
const RESTART_PAUSE_MS = 1000;

/** A search's answer, the worker thread that gave it and whether it read the index in shared memory. */
export interface AnsweredSearch<T> {
  value: T;
  threadId: number;
  indexShared: boolean;
}

/**
 * Parcel searches in worker threads (ADR 038, 063): each worker has its own connection (read-only SQLite,
 * or a small PostgreSQL pool) and reads the filter index the main thread built once in shared memory. A
 * worker that stops is replaced; its searches go to another worker once, then are answered 503
 * (DatabaseUnavailableError).
 */
export interface SearchWorkerPool {
  search(
    query: ParcelQuery,
    paging: Paging,
    ranking?: SearchRanking,
  ): Promise<AnsweredSearch<ParcelSearchResult>>;
  searchRowIds(query: ParcelQuery, paging: Paging): Promise<AnsweredSearch<ParcelIdPage>>;
  /** A search page as its reply's JSON, compressed with `encoding`, made in a worker (ADR 070). */
  searchReply(
    query: ParcelQuery,
    paging: Paging,
    ranking: SearchRanking | undefined,
    encoding: ReplyEncoding | null,
  ): Promise<AnsweredSearch<SearchReplyAnswer>>;
  /** A free detail reply's JSON text (null: no such parcel), made and serialised in a worker (ADR 044). */
  detailReply(prcId: string, form: FreeDetailForm): Promise<AnsweredSearch<string | null>>;
  /** The running workers' thread ids. */
  threadIds(): number[];
  /** Stops every worker; searches still waiting are answered 503. Resolves once every thread has ended. */
  close(): Promise<void>;
}

interface Task {
  call: SearchCall;
  /** The index the search reads, asked when it arrived (none for a detail reply). */
  index: SharedFilterIndex | null;
  attempts: number;
  resolve(answer: AnsweredSearch<SearchCallResult['value']>): void;
  reject(error: Error): void;
}

interface PoolWorker {
  thread: Worker;
  /** The calls in flight by id: at most `callsPerWorker`. */
  tasks: Map<number, Task>;
  /** The key of the index this worker was sent ('' none). */
  indexKey: string | null;
  ended: Promise<void>;
}

export interface SearchWorkerPoolOptions {
  database: SearchDatabase;
  threads: number;
  /**
   * Calls a worker is given at once. SQLite: 1, a search holds its thread from start to end. PostgreSQL:
   * more, since a search waits on the database twice (its text candidates, its page's rows) and the thread
   * would sit idle meanwhile; each call in flight has a connection of the worker's pool.
   */
  callsPerWorker?: number;
  /** The shared index to hand to the workers (Storage.searchIndex), asked as each search arrives. */
  index: SharedIndexHolder;
  /** Told when a worker stopped without being asked to (its replacement is on its way). */
  onWorkerStopped?: (reason: string) => void;
  /** The worker's entry (tests: one that misbehaves). */
  workerEntry?: string;
}

export function createSearchWorkerPool({
  database,
  threads,
  callsPerWorker = 1,
  index,
  onWorkerStopped,
  workerEntry = WORKER_ENTRY,
}: SearchWorkerPoolOptions): SearchWorkerPool {
  const workers = new Set<PoolWorker>();
  const queue: Task[] = [];
  /** Detail replies waiting: they go before `queue`'s searches (DETAILS_BEFORE_A_SEARCH). */
  const detailQueue: Task[] = [];
  let detailsInARow = 0;
  let nextId = 1;
  let closing = false;
  let crashesInARow = 0;

  const unavailable = (reason: string) => new DatabaseUnavailableError(`search workers: ${reason}`);

  const start = () => {
    const data: SearchWorkerData = { database, ...workerEntryData(workerEntry) };
    const thread = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: data });
    const worker: PoolWorker = {
      thread,
      tasks: new Map(),
      indexKey: null,
      ended: new Promise((resolve) => thread.once('exit', () => resolve())),
    };
    workers.add(worker);
    thread.on('message', (reply: SearchWorkerReply) => {
      const task = worker.tasks.get(reply.id);
      if (!task) return;
      worker.tasks.delete(reply.id);
      crashesInARow = 0;
      if ('error' in reply)
        task.reject(reply.unavailable ? unavailable(reply.error) : new Error(reply.error));
      else
        task.resolve({ value: reply.result.value, threadId: reply.threadId, indexShared: reply.indexShared });
      dispatch();
    });
    let failure = 'it exited';
    thread.on('error', (error) => (failure = error.message));
    thread.once('exit', (code) => {
      workers.delete(worker);
      const held = [...worker.tasks.values()];
      worker.tasks.clear();
      if (closing) {
        for (const task of held) task.reject(unavailable('the server is shutting down'));
        return;
      }
      crashesInARow++;
      onWorkerStopped?.(`${failure} (exit code ${code})`);
      // Back to the front of their queues in the order they came (the first of them goes first).
      for (const task of held.reverse()) {
        if (task.attempts < ATTEMPTS)
          (task.call.method === 'detailReply' ? detailQueue : queue).unshift(task);
        else task.reject(unavailable(`a worker stopped during this search (${failure})`));
      }
      if (crashesInARow > CRASHES_BEFORE_PAUSE) setTimeout(replace, RESTART_PAUSE_MS).unref();
      else replace();
    });
  };
  const replace = () => {
    if (closing) return;
    start();
    dispatch();
  };

  /** The next task: a waiting detail reply, unless DETAILS_BEFORE_A_SEARCH went while a search waited. */
  const nextTask = (): Task | undefined => {
    if (detailQueue.length > 0 && (queue.length === 0 || detailsInARow < DETAILS_BEFORE_A_SEARCH)) {
      detailsInARow++;
      return detailQueue.shift();
    }
    detailsInARow = 0;
    return queue.shift();
  };

  /** Gives waiting calls to the workers with room, the least busy first (each worker's own connections). */
  const dispatch = () => {
    for (let load = 0; load < callsPerWorker; load++)
      for (const worker of workers) {
        if (queue.length === 0 && detailQueue.length === 0) return;
        if (worker.tasks.size > load) continue;
        const task = nextTask() as Task;
        // The index goes before the search on the same port, so the worker has it when the search arrives;
        // its arrays are SharedArrayBuffer views: posting them shares the memory, it copies nothing big.
        // A detail reply reads no index: it changes none.
        const key = task.index?.key ?? '';
        if (task.call.method !== 'detailReply' && worker.indexKey !== key) {
          worker.thread.postMessage({ type: 'index', index: task.index } satisfies SearchWorkerMessage);
          worker.indexKey = key;
        }
        task.attempts++;
        const id = nextId++;
        worker.tasks.set(id, task);
        worker.thread.postMessage({ type: 'call', id, call: task.call } satisfies SearchWorkerMessage);
      }
  };

  const run = async <T>(call: SearchCall): Promise<AnsweredSearch<T>> => {
    if (closing) throw unavailable('the server is shutting down');
    // A detail reply reads no index: it is not asked for (nor built) on its account. An index at hand
    // (SQLite's) queues the search at once, in the order the calls came.
    const asked = call.method === 'detailReply' ? null : index();
    const shared = asked instanceof Promise ? await asked : asked;
    return new Promise((resolve, reject) => {
      if (closing) {
        reject(unavailable('the server is shutting down'));
        return;
      }
      (call.method === 'detailReply' ? detailQueue : queue).push({
        call,
        index: shared,
        attempts: 0,
        resolve: resolve as Task['resolve'],
        reject,
      });
      dispatch();
    });
  };

  for (let i = 0; i < threads; i++) start();

  return {
    search: (query, paging, ranking) => run({ method: 'search', query, paging, ranking }),
    searchRowIds: (query, paging) => run({ method: 'searchRowIds', query, paging }),
    searchReply: (query, paging, ranking, encoding) =>
      run({ method: 'searchReply', query, paging, ranking, encoding }),
    detailReply: (prcId, form) => run({ method: 'detailReply', prcId, form }),
    threadIds: () => [...workers].map((worker) => worker.thread.threadId),
    async close() {
      closing = true;
      for (const task of [...detailQueue.splice(0), ...queue.splice(0)])
        task.reject(unavailable('the server is shutting down'));
      const ended = [...workers].map((worker) => worker.ended);
      for (const worker of workers) void worker.thread.terminate();
      await Promise.all(ended);
    },
  };
}

/** The parcel repository with its searches answered by the pool; everything else as `parcels` answers it. */
export function searchingOnWorkers(parcels: ParcelRepository, pool: SearchWorkerPool): ParcelRepository {
  return {
    ...parcels,
    search: async (query, paging, ranking) => (await pool.search(query, paging, ranking)).value,
    searchRowIds: async (query, paging) => (await pool.searchRowIds(query, paging)).value,
  };
}

/** Search pages made as their replies' bytes in the pool's workers (ADR 070). */
export function searchRepliesOnWorkers(pool: Pick<SearchWorkerPool, 'searchReply'>): SearchReplies {
  return {
    reply: async (query, paging, ranking, encoding) =>
      (await pool.searchReply(query, paging, ranking, encoding)).value,
  };
}

/**
 * The free detail replies made in the pool's workers (ADR 044); when the pool cannot answer one (a worker
 * failed on it twice, an error in the worker, the pool closing) `fallback`, the main thread's repository,
 * answers it as it did before: a detail request never fails because of the pool.
 */
export function detailRepliesOnWorkers(
  pool: Pick<SearchWorkerPool, 'detailReply'>,
  fallback: ParcelDetailReplies,
  onFallback?: (error: unknown) => void,
): ParcelDetailReplies {
  return {
    async replyText(prcId, form) {
      try {
        return (await pool.detailReply(prcId, form)).value;
      } catch (error) {
        onFallback?.(error);
        return fallback.replyText(prcId, form);
      }
    },
  };
}
