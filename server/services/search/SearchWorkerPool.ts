import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Paging, ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import type {
  ParcelIdPage,
  ParcelRepository,
  ParcelSearchResult,
  SearchRanking,
} from '../../store/contract/parcels/ParcelRepository';
import type { ParcelSearchSource } from '../../store/contract/parcels/createParcelSearch';
import {
  buildSharedFilterIndex,
  type SharedFilterIndex,
} from '../../store/contract/parcels/SharedFilterIndex';
import { DatabaseUnavailableError } from '../../store/contract/DatabaseUnavailableError';
import type { FreeDetailForm, ParcelDetailReplies } from '../parcelDetails/ParcelDetailReplies';

/** What a search worker is started with (server/workers/searchWorker.ts). */
export interface SearchWorkerData {
  /** The server's SQLite file, opened read-only by the worker. */
  file: string;
  entry: string;
  tsxApi: string;
}

/** A repository call a worker answers: a search, or a free detail reply as JSON text (ADR 044). */
export type SearchCall =
  | { method: 'search'; query: ParcelQuery; paging: Paging; ranking?: SearchRanking }
  | { method: 'searchRowIds'; query: ParcelQuery; paging: Paging }
  | { method: 'detailReply'; prcId: string; form: FreeDetailForm };

export type SearchCallResult =
  | { method: 'search'; value: ParcelSearchResult }
  | { method: 'searchRowIds'; value: ParcelIdPage }
  | { method: 'detailReply'; value: string | null };

export type SearchWorkerMessage =
  { type: 'index'; index: SharedFilterIndex } | { type: 'call'; id: number; call: SearchCall };

export type SearchWorkerReply =
  | { id: number; threadId: number; indexShared: boolean; result: SearchCallResult }
  | { id: number; threadId: number; error: string };

const WORKER_ENTRY = path.join(__dirname, '..', '..', 'workers', 'searchWorker.ts');

/** The entry is TypeScript: an eval'd bootstrap registers tsx's require hook (as the import thread does). */
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
require(workerData.tsxApi).register();
require(workerData.entry);`;

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

/**
 * The search's in-memory index of the current dataset build, built once in shared memory and rebuilt when
 * the dataset's mark changes (a rebuild, an import); null while there is no dataset.
 */
export function sharedIndexHolder(
  source: Pick<ParcelSearchSource, 'datasetKey' | 'municipalities' | 'filterColumns'>,
): () => SharedFilterIndex | null {
  let current: SharedFilterIndex | null = null;
  return () => {
    const key = source.datasetKey();
    if (key === '') return null;
    if (current?.key !== key) current = buildSharedFilterIndex(source);
    return current;
  };
}

/** A search's answer, the worker thread that gave it and whether it read the index in shared memory. */
export interface AnsweredSearch<T> {
  value: T;
  threadId: number;
  indexShared: boolean;
}

/**
 * Parcel searches in worker threads (ADR 038): each worker has its own read-only SQLite connection and
 * reads the filter index the main thread built once in shared memory. A worker that stops is replaced;
 * its search goes to another worker once, then is answered 503 (DatabaseUnavailableError).
 */
export interface SearchWorkerPool {
  search(
    query: ParcelQuery,
    paging: Paging,
    ranking?: SearchRanking,
  ): Promise<AnsweredSearch<ParcelSearchResult>>;
  searchRowIds(query: ParcelQuery, paging: Paging): Promise<AnsweredSearch<ParcelIdPage>>;
  /** A free detail reply's JSON text (null: no such parcel), made and serialised in a worker (ADR 044). */
  detailReply(prcId: string, form: FreeDetailForm): Promise<AnsweredSearch<string | null>>;
  /** The running workers' thread ids. */
  threadIds(): number[];
  /** Stops every worker; searches still waiting are answered 503. Resolves once every thread has ended. */
  close(): Promise<void>;
}

interface Task {
  call: SearchCall;
  attempts: number;
  resolve(answer: AnsweredSearch<SearchCallResult['value']>): void;
  reject(error: Error): void;
}

interface PoolWorker {
  thread: Worker;
  /** The search in flight (one at a time: a worker's search holds its thread). */
  task: Task | null;
  taskId: number;
  /** The key of the index this worker was sent. */
  indexKey: string | null;
  ended: Promise<void>;
}

export interface SearchWorkerPoolOptions {
  /** The SQLite file the workers read. */
  file: string;
  threads: number;
  /** The shared index to hand to the workers (sharedIndexHolder), asked before each search. */
  index: () => SharedFilterIndex | null;
  /** Told when a worker stopped without being asked to (its replacement is on its way). */
  onWorkerStopped?: (reason: string) => void;
  /** The worker's entry (tests: one that misbehaves). */
  workerEntry?: string;
}

export function createSearchWorkerPool({
  file,
  threads,
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
    const data: SearchWorkerData = { file, entry: workerEntry, tsxApi: require.resolve('tsx/cjs/api') };
    const thread = new Worker(BOOTSTRAP, { eval: true, workerData: data });
    const worker: PoolWorker = {
      thread,
      task: null,
      taskId: 0,
      indexKey: null,
      ended: new Promise((resolve) => thread.once('exit', () => resolve())),
    };
    workers.add(worker);
    thread.on('message', (reply: SearchWorkerReply) => {
      const { task } = worker;
      if (!task || reply.id !== worker.taskId) return;
      worker.task = null;
      crashesInARow = 0;
      if ('error' in reply) task.reject(new Error(reply.error));
      else
        task.resolve({ value: reply.result.value, threadId: reply.threadId, indexShared: reply.indexShared });
      dispatch();
    });
    let failure = 'it exited';
    thread.on('error', (error) => (failure = error.message));
    thread.once('exit', (code) => {
      workers.delete(worker);
      const { task } = worker;
      worker.task = null;
      if (closing) {
        task?.reject(unavailable('the server is shutting down'));
        return;
      }
      crashesInARow++;
      onWorkerStopped?.(`${failure} (exit code ${code})`);
      if (task) {
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

  const dispatch = () => {
    for (const worker of workers) {
      if (queue.length === 0 && detailQueue.length === 0) return;
      if (worker.task) continue;
      const task = nextTask() as Task;
      let shared: SharedFilterIndex | null;
      try {
        // A detail reply reads no index: it is not asked for (nor built) on its account.
        shared = task.call.method === 'detailReply' ? null : index();
      } catch (error) {
        task.reject(error as Error);
        continue;
      }
      // The index goes before the search on the same port, so the worker has it when the search arrives;
      // its arrays are SharedArrayBuffer views: posting them shares the memory, it copies nothing big.
      if (shared && worker.indexKey !== shared.key) {
        worker.thread.postMessage({ type: 'index', index: shared } satisfies SearchWorkerMessage);
        worker.indexKey = shared.key;
      }
      task.attempts++;
      worker.task = task;
      worker.taskId = nextId++;
      worker.thread.postMessage({
        type: 'call',
        id: worker.taskId,
        call: task.call,
      } satisfies SearchWorkerMessage);
    }
  };

  const run = <T>(call: SearchCall): Promise<AnsweredSearch<T>> =>
    new Promise((resolve, reject) => {
      if (closing) {
        reject(unavailable('the server is shutting down'));
        return;
      }
      (call.method === 'detailReply' ? detailQueue : queue).push({
        call,
        attempts: 0,
        resolve: resolve as Task['resolve'],
        reject,
      });
      dispatch();
    });

  for (let i = 0; i < threads; i++) start();

  return {
    search: (query, paging, ranking) => run({ method: 'search', query, paging, ranking }),
    searchRowIds: (query, paging) => run({ method: 'searchRowIds', query, paging }),
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
