import { Worker } from 'node:worker_threads';
import type { CadastreImportProgress, CadastreImportResult } from '../../../src/contract/CadastreImport';
import { CadastreImportError, CadastreImportStopped, type TranslatableReason } from './CadastreSource';
import { WORKER_BOOTSTRAP, workerEntryData, workerEntryFile } from '../../threads/workerThreadEntries';

/** Where the thread writes: the server's SQLite file (a connection of its own) or PostgreSQL. */
export type CadastreThreadStorage = { sqliteFile: string } | { databaseUrl: string };

export interface CadastreThreadData {
  storage: CadastreThreadStorage;
  file: string;
  sourceName: string;
  mappingJson?: string;
  /** The buildings register's CSV extract spooled beside the file, when one was uploaded. */
  registerFile?: string;
  maxVertices: number;
}

export type CadastreThreadReply =
  | { progress: CadastreImportProgress }
  | { result: CadastreImportResult }
  | { refusal: { where: string; reason: string; translatable?: TranslatableReason } }
  | { stopped: { municipalities: number; of: number | null } }
  | { failure: string };

const WORKER_ENTRY = workerEntryFile('cadastreImportWorker');

export interface ImportOnThread {
  /** The import's result; rejects with CadastreImportError (a refused file), CadastreImportStopped or a fault. */
  result: Promise<CadastreImportResult>;
  /** Asks the thread to stop at its next pause; `result` then settles (CadastreImportStopped unless it had finished). */
  stop(): void;
}

/**
 * Imports a cadastral file on a thread of its own. Settles once the thread has ended and closed its
 * connection, so the caller may remove the file and report the outcome.
 */
export function importCadastreOnThread(
  data: CadastreThreadData,
  onProgress: (progress: CadastreImportProgress) => void,
): ImportOnThread {
  const worker = new Worker(WORKER_BOOTSTRAP, {
    eval: true,
    workerData: { ...data, ...workerEntryData(WORKER_ENTRY) },
  });
  const result = new Promise<CadastreImportResult>((resolve, reject) => {
    let outcome: (() => void) | null = null;
    worker.on('message', (reply: CadastreThreadReply) => {
      if ('progress' in reply) onProgress(reply.progress);
      else if ('result' in reply) outcome = () => resolve(reply.result);
      else if ('refusal' in reply) {
        const { where, reason, translatable } = reply.refusal;
        outcome = () => reject(new CadastreImportError(where, reason, translatable));
      } else if ('stopped' in reply)
        outcome = () => reject(new CadastreImportStopped(reply.stopped.municipalities, reply.stopped.of));
      else outcome = () => reject(new Error(`The cadastre import failed: ${reply.failure}`));
    });
    worker.on('error', (error) => {
      outcome ??= () => reject(error);
    });
    worker.on('exit', (code) => {
      if (outcome) outcome();
      else reject(new Error(`The cadastre import thread stopped (exit code ${code})`));
    });
  });
  return { result, stop: () => worker.postMessage('stop') };
}
