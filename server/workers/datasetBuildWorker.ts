/**
 * A dataset build worker thread (server/data/build/municipalityGenerators.ts): plans the same
 * municipalities as the builder, then takes the next one it may (a counter shared with the other threads),
 * generates and encodes it, and posts it back with its buffers transferred. Generation is deterministic per
 * municipality, so which thread makes one changes nothing in the dataset. Each reply carries the thread's
 * CPU time so far (the build's profile).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { generateMunicipalityRows, planDataset, type BuildDatasetOptions } from '../data/buildDataset';
import { transferableBuffers } from '../store/contract/parcels/municipalityRows';
import { threadCpuSeconds } from '../data/build/threadCpu';
import { SHARED_LIMIT, SHARED_NEXT, SHARED_STOP } from '../data/build/municipalityGenerators';
import { runInBackground } from './backgroundThreadPriority';

const port = parentPort;
if (!port) throw new Error('datasetBuildWorker runs in a worker thread');

/**
 * Generator threads yield to the writing thread (ADR 053): the build runs three threads on two cores, and
 * with equal shares the writer, the build's critical path, got two thirds of a core whenever all three
 * ran. With the generators niced it writes at full speed and they take what it leaves.
 */
runInBackground();

const inputs = planDataset((workerData as { options: BuildDatasetOptions }).options);

const shared = (workerData as { shared: Int32Array }).shared;

/** The next planned municipality this thread may take, or null once the build stops. */
function takeNext(): number | null {
  for (;;) {
    if (Atomics.load(shared, SHARED_STOP) !== 0) return null;
    const limit = Atomics.load(shared, SHARED_LIMIT);
    const next = Atomics.load(shared, SHARED_NEXT);
    if (next < limit) {
      if (Atomics.compareExchange(shared, SHARED_NEXT, next, next + 1) === next) return next;
    } else {
      Atomics.wait(shared, SHARED_LIMIT, limit);
    }
  }
}

for (let index = takeNext(); index !== null; index = takeNext()) {
  try {
    const rows = generateMunicipalityRows(inputs[index]);
    port.postMessage({ index, rows, cpuSeconds: threadCpuSeconds() }, transferableBuffers(rows));
  } catch (error) {
    port.postMessage({
      index,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}
