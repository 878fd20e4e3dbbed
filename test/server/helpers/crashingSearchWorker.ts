/**
 * A search worker (server/workers/searchWorker.ts) that stops its thread on a search for "crash-once" or
 * another text starting so (the first time only: a marker file per kind of call and text beside the dataset
 * remembers it) or "crash-always", or on the detail reply of a parcel id of those names ("CRASH-ONCE",
 * "CRASH-ALWAYS"): the pool's failure handling under test.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchWorkerData, SearchWorkerMessage } from '../../../server/services/search/SearchWorkerPool';

const { database } = workerData as SearchWorkerData;
if (!('file' in database)) throw new Error('crashingSearchWorker is started on a SQLite file');
const { file } = database;
parentPort?.on('message', (message: SearchWorkerMessage) => {
  if (message.type !== 'call') return;
  const { call } = message;
  const text = (call.method === 'detailReply' ? call.prcId : call.query.text)?.toLowerCase();
  const marker = `${file}.crashed-${call.method}-${text}`;
  if (text === 'crash-always' || (text?.startsWith('crash-once') && !fs.existsSync(marker))) {
    fs.writeFileSync(marker, '');
    process.exit(1);
  }
});
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the listener above, so it runs first
require('../../../server/workers/searchWorker');
