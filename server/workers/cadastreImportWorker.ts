/**
 * A cadastre import thread (server/data/cadastre/importCadastreOnThread.ts): reads, checks and writes one
 * uploaded file through a connection of its own (the SQLite file, or PostgreSQL), so neither the ring
 * checks nor the writing hold the server's event loop. It posts progress, then the result or why it
 * stopped. A 'stop' message ends it at its next pause: while reading, before anything is written; while
 * writing, after the municipality being written (each one is its own transaction, so none is left half
 * replaced).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { openCadastreWriterAt } from '../openCadastreWriterAt';
import type { CadastreImportProgress } from '../../src/contract/CadastreImport';
import { CadastreImportError, CadastreImportStopped } from '../data/cadastre/CadastreSource';
import { importCadastreFile } from '../data/cadastre/importCadastreFile';
import type { CadastreThreadData, CadastreThreadReply } from '../data/cadastre/importCadastreOnThread';
import { runInBackground } from './backgroundThreadPriority';

const port = parentPort;
if (!port) throw new Error('cadastreImportWorker runs in a worker thread');
// An import yields to the event loop when both want a core (its probes and logins must not queue behind it).
runInBackground();

const data = workerData as CadastreThreadData;

/**
 * A full collection after each municipality written. Left to itself V8 lets this thread's heap grow by the
 * garbage of every municipality (100,000 parcels: about 1 GB) before it collects; collected each time, it
 * stays at what the import holds (about 300 MB), for a few hundred milliseconds per municipality.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
let municipalityWritten = false;
let stopRequested = false;
let written: CadastreImportProgress = { phase: 'reading', done: 0, total: null };
port.on('message', (message: unknown) => {
  if (message === 'stop') stopRequested = true;
});

async function run(): Promise<CadastreThreadReply> {
  // The writer on the thread's own connection to where the server's data lives (its StorageLocation).
  const { writer, buildings, close } = await openCadastreWriterAt(data.storage);
  try {
    const result = await importCadastreFile({
      writer,
      buildings,
      file: data.file,
      registerFile: data.registerFile,
      sourceName: data.sourceName,
      mappingJson: data.mappingJson,
      maxVertices: data.maxVertices,
      onProgress(progress) {
        if (progress.phase === 'writing') {
          written = progress;
          municipalityWritten = true;
        }
        port!.postMessage({ progress } satisfies CadastreThreadReply);
      },
      // Lets the 'stop' message in between features and municipalities.
      pause: async () => {
        if (municipalityWritten) collectGarbage();
        municipalityWritten = false;
        await new Promise(setImmediate);
        if (stopRequested) throw new CadastreImportStopped(written.done, written.total);
      },
    });
    return { result };
  } finally {
    await close();
  }
}

run()
  .catch((error: unknown): CadastreThreadReply => {
    if (error instanceof CadastreImportStopped)
      return { stopped: { municipalities: error.municipalities, of: error.of } };
    if (error instanceof CadastreImportError)
      return { refusal: { where: error.where, reason: error.reason, translatable: error.translatable } };
    return { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  })
  .then((reply) => {
    port.postMessage(reply);
    // The stop listener would keep the thread alive; the reply is still delivered.
    port.unref();
  });
