/**
 * A search worker (server/workers/searchWorker.ts) that stops its thread on a search for "crash-once" (the
 * first time only: a marker file beside the dataset remembers it) or "crash-always": the pool's failure
 * handling under test.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchWorkerData, SearchWorkerMessage } from '../../../server/services/search/SearchWorkerPool';

const marker = `${(workerData as SearchWorkerData).file}.crashed`;
parentPort?.on('message', (message: SearchWorkerMessage) => {
  if (message.type !== 'call') return;
  const text = message.call.query.text;
  if (text === 'crash-always' || (text === 'crash-once' && !fs.existsSync(marker))) {
    fs.writeFileSync(marker, '');
    process.exit(1);
  }
});
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the listener above, so it runs first
require('../../../server/workers/searchWorker');
