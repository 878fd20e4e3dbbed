/**
 * A search worker thread (server/services/search/SearchWorkerPool.ts): its own read-only connection to the
 * server's SQLite file and a parcel repository over it whose filter index is the one the main thread built
 * in shared memory (ADR 038): the index arrives as a message when the dataset changes, before the first
 * search that needs it; the searches arrive one at a time and their answers go back by id.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { openReadOnlyParcels } from '../store/sqlite/parcels/openReadOnlyParcels';
import { isSharedIndex, type SharedFilterIndex } from '../store/contract/parcels/SharedFilterIndex';
import type {
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

port.on('message', (message: SearchWorkerMessage) => {
  if (message.type === 'index') {
    index = message.index;
    indexShared = isSharedIndex(index);
    return;
  }
  let reply: SearchWorkerReply;
  try {
    const { call } = message;
    const result =
      call.method === 'search'
        ? { method: call.method, value: parcels.search(call.query, call.paging, call.ranking) }
        : { method: call.method, value: parcels.searchRowIds(call.query, call.paging) };
    reply = { id: message.id, threadId, indexShared, result };
  } catch (error) {
    reply = { id: message.id, threadId, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
