import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MunicipalityRows } from '../../store/parcels/DatasetWriter';
import type { MunicipalityInput } from '../generator/generateMunicipality';
import { generateMunicipalityRows, type BuildDatasetOptions } from '../buildDataset';

/** Generates planned municipalities (by their index in the plan), in this thread or in worker threads. */
export interface MunicipalityGenerator {
  generate(index: number): Promise<MunicipalityRows>;
  /** CPU seconds the generator threads have used so far (null: generating on the calling thread). */
  threadCpuSeconds(): number[] | null;
  close(): Promise<void>;
}

/** Generates on the calling thread, one municipality per call (tests, `--workers 0`). */
export function createInThreadGenerator(inputs: readonly MunicipalityInput[]): MunicipalityGenerator {
  return {
    // A macrotask per municipality, so signals (Ctrl-C) and timers get their turn between them.
    generate: (index) =>
      new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(generateMunicipalityRows(inputs[index]));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        }),
      ),
    threadCpuSeconds: () => null,
    close: async () => {},
  };
}

const WORKER_ENTRY = path.join(__dirname, '..', '..', 'workers', 'datasetBuildWorker.ts');

/**
 * The worker's entry is TypeScript. An eval'd CommonJS bootstrap does not pass through tsx's loader even
 * under tsx (npm run dataset, npm start), nor through jest's transform: it registers tsx's require hook
 * itself, so the build runs real threads everywhere, tests included.
 */
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
require(workerData.tsxApi).register();
require(workerData.entry);`;

type WorkerReply =
  | { index: number; rows: MunicipalityRows; cpuSeconds: number | null }
  | { index: number; error: string };

interface Task {
  index: number;
  resolve: (rows: MunicipalityRows) => void;
  reject: (error: Error) => void;
}

/**
 * `threads` worker threads, each planning the dataset once and then generating the municipalities it is
 * given; tasks queue and go to the first idle thread, so a large municipality never holds the others up.
 */
export function createWorkerGenerator(
  options: Pick<BuildDatasetOptions, 'cantons' | 'seed' | 'maxMunicipalities' | 'maxParcelsPerMunicipality'>,
  threads: number,
): MunicipalityGenerator {
  const queue: Task[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  let failure: Error | null = null;
  const cpuSeconds = new Map<Worker, number>();
  const plain = {
    cantons: [...options.cantons],
    seed: options.seed,
    maxMunicipalities: options.maxMunicipalities,
    maxParcelsPerMunicipality: options.maxParcelsPerMunicipality,
  };

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop() as Worker;
      const task = queue.shift() as Task;
      running.set(worker, task);
      worker.postMessage(task.index);
    }
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const task of [...running.values(), ...queue.splice(0)]) task.reject(error);
    running.clear();
  };

  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      // The generator allocates short-lived rings by the million, and a municipality's objects live until
      // it is packed: a young generation large enough (256 MB semi-spaces) that most municipalities die
      // young rather than being copied by the scavenger (ZG, SH, AI, AR, LU: −13 % generator CPU against
      // 64 MB semi-spaces, which in turn gave BE+VD 107.6 → 96.2 µs of CPU per parcel against the default).
      resourceLimits: { maxYoungGenerationSizeMb: 768 },
      workerData: {
        entry: WORKER_ENTRY,
        tsxApi: require.resolve('tsx/cjs/api'),
        options: plain,
      },
    });
    worker.on('message', (reply: WorkerReply) => {
      const task = running.get(worker);
      running.delete(worker);
      idle.push(worker);
      if ('rows' in reply && reply.cpuSeconds !== null) cpuSeconds.set(worker, reply.cpuSeconds);
      if (task && 'rows' in reply) task.resolve(reply.rows);
      else if (task && 'error' in reply) task.reject(new Error(reply.error));
      dispatch();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`A dataset build worker stopped (exit code ${code})`));
    });
    idle.push(worker);
    return worker;
  });

  return {
    generate(index) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        queue.push({ index, resolve, reject });
        dispatch();
      });
    },
    threadCpuSeconds: () => (cpuSeconds.size > 0 ? [...cpuSeconds.values()] : null),
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
