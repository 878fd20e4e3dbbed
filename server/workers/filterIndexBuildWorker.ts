/**
 * The thread that builds the search's filter index of the server's SQLite file in shared memory
 * (server/store/sqlite/parcels/buildSharedIndexOnThread.ts): after a start, a rebuild or an import the
 * columns, municipalities and derived structures take seconds on the whole country, which the event loop
 * must not spend. It reads one snapshot of the file (the mark and the columns of the same dataset), posts
 * the index and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { buildSharedFilterIndex, type SharedFilterIndex } from '../store/contract/parcels/SharedFilterIndex';
import { sqliteFilterIndexSource } from '../store/sqlite/parcels/createSqliteParcelRepository';
import type {
  FilterIndexBuildData,
  FilterIndexBuildReply,
} from '../store/sqlite/parcels/buildSharedIndexOnThread';
import { runInBackground } from './backgroundThreadPriority';

const port = parentPort;
if (!port) throw new Error('filterIndexBuildWorker runs in a worker thread');
// The build yields to the event loop when both want a core (ADR 067).
runInBackground();

const { file } = workerData as FilterIndexBuildData;
let reply: FilterIndexBuildReply;
const db = new Database(file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  const source = sqliteFilterIndexSource(db);
  const build = db.transaction((): SharedFilterIndex | null =>
    source.datasetKey() === '' ? null : buildSharedFilterIndex(source),
  );
  reply = { index: build() };
} catch (error) {
  reply = { failure: error instanceof Error ? error.message : String(error) };
} finally {
  db.close();
}
port.postMessage(reply);
