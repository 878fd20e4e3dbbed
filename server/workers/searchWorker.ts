/**
 * A search worker thread (server/services/search/SearchWorkerPool.ts): its own read-only connection to the
 * server's SQLite file and a parcel repository over it whose filter index is the one the main thread built
 * in shared memory (ADR 038): the index arrives as a message when the dataset changes, before the first
 * search that needs it; the searches arrive one at a time and their answers go back by id. It also makes
 * the free parcel detail replies as JSON text (ADR 044) from the same connection.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { openReadOnlyParcels } from '../store/sqlite/parcels/openReadOnlyParcels';
import { isSharedIndex, type SharedFilterIndex } from '../store/contract/parcels/SharedFilterIndex';
import { freeDetailReplyText } from '../services/parcelDetails/ParcelDetailReplies';
import type {
  SearchCall,
  SearchCallResult,
  SearchWorkerData,
  SearchWorkerMessage,
  SearchWorkerReply,
} from '../services/search/SearchWorkerPool';

const port = parentPort;
if (!port) throw new Error('searchWorker runs in a worker thread');

const { file } = workerData as SearchWorkerData;
let index: SharedFilterIndex | null = null;
/** Whether the index this thread searches lies in shared memory (the pool reports it with each answer). */
let indexShared = false;
const parcels = openReadOnlyParcels(file, { sharedIndex: () => index });

/** One call's result; a detail reply is its JSON text, made here so the main thread only sends it. */
function answer(call: SearchCall): SearchCallResult {
  switch (call.method) {
    case 'search':
      return { method: call.method, value: parcels.search(call.query, call.paging, call.ranking) };
    case 'searchRowIds':
      return { method: call.method, value: parcels.searchRowIds(call.query, call.paging) };
    case 'detailReply': {
      const detail = parcels.parcel(call.prcId);
      return { method: call.method, value: detail ? freeDetailReplyText(detail, call.form) : null };
    }
  }
}

port.on('message', (message: SearchWorkerMessage) => {
  if (message.type === 'index') {
    index = message.index;
    indexShared = isSharedIndex(index);
    return;
  }
  let reply: SearchWorkerReply;
  try {
    reply = { id: message.id, threadId, indexShared, result: answer(message.call) };
  } catch (error) {
    reply = { id: message.id, threadId, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
