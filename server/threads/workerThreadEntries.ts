import path from 'node:path';

/** The extension this module runs with: `.js` in the built server (dist-server/, ADR 091), `.ts` from source. */
const OWN_EXTENSION = path.extname(__filename);
const WORKERS_DIR = path.join(__dirname, '..', 'workers');

/**
 * A worker thread's entry in server/workers/, in the form the server runs: the built JavaScript beside the
 * built modules, or the TypeScript source under tsx and jest.
 */
export function workerEntryFile(name: string): string {
  return path.join(WORKERS_DIR, `${name}${OWN_EXTENSION}`);
}

/**
 * Whether a worker thread can load its entry: always in the built server; from source only when the process
 * runs tsx's loader (`npm run dev`, a script through tsx). Jest's transform does not reach worker threads, so
 * apps made by the tests through `buildApp` do their work in-process.
 */
export function canLoadWorkerEntries(): boolean {
  return OWN_EXTENSION === '.js' || process.execArgv.some((arg) => arg.includes('tsx'));
}

/** What an eval'd bootstrap needs: the entry, and tsx's require hook when the entry is TypeScript. */
export interface WorkerEntryData {
  entry: string;
  tsxApi: string | null;
}

export function workerEntryData(entry: string): WorkerEntryData {
  return { entry, tsxApi: entry.endsWith('.ts') ? require.resolve('tsx/cjs/api') : null };
}

/**
 * The eval'd CommonJS bootstrap of the worker threads that run everywhere (the dataset build in the tests too):
 * it passes through neither tsx's loader nor jest's transform, so for a TypeScript entry it registers tsx's
 * require hook itself.
 */
export const WORKER_BOOTSTRAP = `const { workerData } = require('node:worker_threads');
if (workerData.tsxApi) require(workerData.tsxApi).register();
require(workerData.entry);`;
