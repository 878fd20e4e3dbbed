/**
 * A search worker thread (server/services/search/SearchWorkerPool.ts): a parcel repository of its own over
 * the server's database — a read-only connection to the SQLite file (ADR 038), or a small PostgreSQL pool
 * (ADR 063) — whose filter index is the one the main thread built in shared memory: the index arrives as a
 * message when the dataset changes, before the first search that needs it; the answers go back by id. It
 * also makes the free parcel detail replies as JSON text (ADR 044) from the same connection.
 *
 * On SQLite a call holds the thread from start to end (one at a time). On PostgreSQL a call waits on the
 * database between its synchronous parts, and the pool may give the thread several at once (one connection
 * each), so the thread searches while other calls wait on PostgreSQL; a call reads the index that is the
 * thread's when its search starts.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { openReadOnlyParcels } from '../store/sqlite/parcels/openReadOnlyParcels';
import { isSharedIndex, type SharedFilterIndex } from '../store/contract/parcels/SharedFilterIndex';
import type { ParcelRepository } from '../store/contract/parcels/ParcelRepository';
import type { Synchronous } from '../store/contract/unitOfWork/Synchronous';
import { DatabaseUnavailableError } from '../store/contract/DatabaseUnavailableError';
import { connectPostgres } from '../store/postgres/PostgresConnection';
import { createPostgresParcelRepository } from '../store/postgres/parcels/createPostgresParcelRepository';
import { freeDetailReplyText } from '../services/parcelDetails/ParcelDetailReplies';
import { searchReplyAnswer } from '../services/search/SearchReplies';
import type {
  SearchCall,
  SearchCallResult,
  SearchWorkerData,
  SearchWorkerMessage,
  SearchWorkerReply,
} from '../services/search/SearchWorkerPool';
import { runInBackground } from './backgroundThreadPriority';

const port = parentPort;
if (!port) throw new Error('searchWorker runs in a worker thread');
// Searches yield to the event loop when both want a core (its probes and logins must not queue behind them).
runInBackground();

const { database } = workerData as SearchWorkerData;
let index: SharedFilterIndex | null = null;
/** Whether the index this thread searches lies in shared memory (the pool reports it with each answer). */
let indexShared = false;
const sharedIndex = () => index;

/** SQLite's repository answers synchronously, PostgreSQL's asynchronously: the calls await either. */
type Methods = 'search' | 'searchRowIds' | 'parcel';
type Repository = Pick<ParcelRepository, Methods> | Pick<Synchronous<ParcelRepository>, Methods>;
let opened: Promise<Repository> | null = null;
const repository = (): Promise<Repository> => {
  if (!opened) {
    const opening: Promise<Repository> =
      'file' in database
        ? Promise.resolve(openReadOnlyParcels(database.file, { sharedIndex }))
        : connectPostgres(database.postgresUrl, {
            poolSize: database.connections,
            statementTimeoutMs: database.statementTimeoutMs,
          }).then((db) => createPostgresParcelRepository(db, { sharedIndex }));
    opened = opening;
    // A connection that could not be made is tried again by the next call.
    opening.catch(() => {
      if (opened === opening) opened = null;
    });
  }
  return opened;
};

/** One call's result; a detail reply or a search reply is its bytes, made here so the main thread only sends them. */
async function answer(call: SearchCall): Promise<SearchCallResult> {
  const parcels = await repository();
  switch (call.method) {
    case 'search':
      return { method: call.method, value: await parcels.search(call.query, call.paging, call.ranking) };
    case 'searchReply': {
      // The page's JSON, compressed for the client, made here: the event loop only writes the bytes, and no
      // hit crosses the threads as objects (a structured clone on each side).
      const result = await parcels.search(call.query, call.paging, call.ranking);
      return { method: call.method, value: searchReplyAnswer(result, call.encoding) };
    }
    case 'searchRowIds':
      return { method: call.method, value: await parcels.searchRowIds(call.query, call.paging) };
    case 'detailReply': {
      const detail = await parcels.parcel(call.prcId);
      return { method: call.method, value: detail ? freeDetailReplyText(detail, call.form) : null };
    }
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

port.on('message', (message: SearchWorkerMessage) => {
  if (message.type === 'index') {
    index = message.index;
    indexShared = index !== null && isSharedIndex(index);
    return;
  }
  const { id } = message;
  answer(message.call).then(
    (result) => port.postMessage({ id, threadId, indexShared, result } satisfies SearchWorkerReply),
    (error: unknown) =>
      port.postMessage({
        id,
        threadId,
        error: error instanceof DatabaseUnavailableError ? error.reason : errorMessage(error),
        unavailable: error instanceof DatabaseUnavailableError,
      } satisfies SearchWorkerReply),
  );
});
