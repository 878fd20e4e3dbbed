/**
 * A dataset build worker thread (server/data/build/municipalityGenerators.ts): plans the same
 * municipalities as the builder, then generates and encodes the ones it is asked for, posting each back
 * with its buffers transferred. Generation is deterministic per municipality, so which thread makes one
 * changes nothing in the dataset. Each reply carries the thread's CPU time so far (the build's profile).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { generateMunicipalityRows, planDataset, type BuildDatasetOptions } from '../data/buildDataset';
import { transferableBuffers } from '../store/parcels/municipalityRows';
import { threadCpuSeconds } from '../data/build/threadCpu';

const port = parentPort;
if (!port) throw new Error('datasetBuildWorker runs in a worker thread');
const inputs = planDataset((workerData as { options: BuildDatasetOptions }).options);

port.on('message', (index: number) => {
  try {
    const rows = generateMunicipalityRows(inputs[index]);
    port.postMessage({ index, rows, cpuSeconds: threadCpuSeconds() }, transferableBuffers(rows));
  } catch (error) {
    port.postMessage({
      index,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
