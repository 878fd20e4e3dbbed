import { Worker } from 'node:worker_threads';
import type { SharedFilterIndex } from '../../contract/parcels/SharedFilterIndex';
import {
  WORKER_BOOTSTRAP,
  workerEntryData,
  type WorkerEntryData,
  workerEntryFile,
} from '../../../threads/workerThreadEntries';

/** What the thread is started with (server/workers/filterIndexBuildWorker.ts). */
export interface FilterIndexBuildData extends WorkerEntryData {
  file: string;
}

/** The thread's one message: the index (null: the file holds no dataset), or why it could not build it. */
export type FilterIndexBuildReply = { index: SharedFilterIndex | null } | { failure: string };

const WORKER_ENTRY = workerEntryFile('filterIndexBuildWorker');

/**
 * Builds the search's filter index of the SQLite file `file` in shared memory on a thread of its own, which
 * reads the file through a read-only connection and ends after it: the arrays it hands back lie in
 * SharedArrayBuffers, so they arrive here without a copy. Settles once the thread has ended.
 */
export function buildSharedIndexOnThread(file: string): Promise<SharedFilterIndex | null> {
  return new Promise((resolve, reject) => {
    const data: FilterIndexBuildData = { file, ...workerEntryData(WORKER_ENTRY) };
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: data });
    let reply: FilterIndexBuildReply | null = null;
    let failure: Error | null = null;
    worker.on('message', (message: FilterIndexBuildReply) => (reply = message));
    worker.on('error', (error) => (failure ??= error));
    worker.on('exit', (code) => {
      const answer = reply as FilterIndexBuildReply | null;
      if (answer && 'index' in answer) resolve(answer.index);
      else
        reject(
          failure ??
            new Error(
              answer
                ? `Building the search index failed: ${answer.failure}`
                : `The index thread stopped (exit code ${code})`,
            ),
        );
    });
  });
}
