import { Worker } from 'node:worker_threads';
import type { MunicipalityRows } from '../../store/contract/parcels/DatasetWriter';
import type { MunicipalityInput } from '../generator/generateMunicipality';
import { extraMunicipalitiesOf, generateMunicipalityRows, type BuildDatasetOptions } from '../buildDataset';
import { WORKER_BOOTSTRAP, workerEntryData, workerEntryFile } from '../../threads/workerThreadEntries';

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

/** Worker threads that take their municipalities from shared memory, without this thread's event loop. */
export interface ThreadedMunicipalityGenerator extends MunicipalityGenerator {
  /**
   * The first planned municipality no thread has taken yet. Read from the shared memory, so it moves on
   * while this thread is blocked (writing): how a caller can tell the threads did not wait for it.
   */
  nextUntaken(): number;
}

/** Real threads everywhere, the tests included: the bootstrap loads a TypeScript entry through tsx itself. */
const WORKER_ENTRY = workerEntryFile('datasetBuildWorker');

type WorkerReply =
  | { index: number; rows: MunicipalityRows; cpuSeconds: number | null }
  | { index: number; error: string };

interface Task {
  resolve: (rows: MunicipalityRows) => void;
  reject: (error: Error) => void;
}

/**
 * The work the threads share, in one SharedArrayBuffer of Int32 slots: the next planned municipality to
 * take, how far they may go (exclusive), and a stop flag. A thread takes the next index itself (a
 * compare-and-swap) as soon as it has posted the last one, instead of waiting for the writing thread to
 * hand it one: that thread writes a municipality at a time without returning to its event loop, and
 * while it did, both generators sat idle with work available (a third of the time in the first cantons).
 */
export const SHARED_NEXT = 0;
export const SHARED_LIMIT = 1;
export const SHARED_STOP = 2;
const SHARED_SLOTS = 3;

/**
 * `threads` worker threads, each planning the dataset once and then generating municipalities in plan
 * order, taking the next one themselves as they become free (so a large municipality never holds the
 * others up); `generate` must be called for contiguous indexes in ascending order (the build's order).
 */
export function createWorkerGenerator(
  options: Pick<
    BuildDatasetOptions,
    'cantons' | 'extraMunicipalities' | 'seed' | 'maxMunicipalities' | 'maxParcelsPerMunicipality'
  >,
  threads: number,
): ThreadedMunicipalityGenerator {
  const shared = new Int32Array(new SharedArrayBuffer(SHARED_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  const tasks = new Map<number, Task>();
  let failure: Error | null = null;
  let nextExpected: number | null = null;
  const cpuSeconds = new Map<Worker, number>();
  const plain = {
    cantons: [...options.cantons],
    extraMunicipalities: extraMunicipalitiesOf(options),
    seed: options.seed,
    maxMunicipalities: options.maxMunicipalities,
    maxParcelsPerMunicipality: options.maxParcelsPerMunicipality,
  };

  const stopThreads = () => {
    Atomics.store(shared, SHARED_STOP, 1);
    Atomics.notify(shared, SHARED_LIMIT);
  };
  const fail = (error: Error) => {
    failure ??= error;
    stopThreads();
    for (const task of tasks.values()) task.reject(error);
    tasks.clear();
  };

  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      // The generator allocates short-lived rings by the million, and a municipality's objects live until
      // it is packed: a young generation large enough (256 MB semi-spaces) that most municipalities die
      // young rather than being copied by the scavenger (ZG, SH, AI, AR, LU: −13 % generator CPU against
      // 64 MB semi-spaces, which in turn gave BE+VD 107.6 → 96.2 µs of CPU per parcel against the default).
      resourceLimits: { maxYoungGenerationSizeMb: 768 },
      workerData: {
        ...workerEntryData(WORKER_ENTRY),
        options: plain,
        shared,
      },
    });
    worker.on('message', (reply: WorkerReply) => {
      const task = tasks.get(reply.index);
      tasks.delete(reply.index);
      if ('rows' in reply && reply.cpuSeconds !== null) cpuSeconds.set(worker, reply.cpuSeconds);
      if (task && 'rows' in reply) task.resolve(reply.rows);
      else if ('error' in reply) fail(new Error(reply.error));
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (code !== 0 && Atomics.load(shared, SHARED_STOP) === 0)
        fail(new Error(`A dataset build worker stopped (exit code ${code})`));
    });
    return worker;
  });

  return {
    generate(index) {
      if (failure) return Promise.reject(failure);
      if (nextExpected === null) Atomics.store(shared, SHARED_NEXT, index);
      else if (index !== nextExpected)
        return Promise.reject(new Error(`Municipality ${index} requested out of order`));
      nextExpected = index + 1;
      return new Promise((resolve, reject) => {
        tasks.set(index, { resolve, reject });
        Atomics.store(shared, SHARED_LIMIT, index + 1);
        Atomics.notify(shared, SHARED_LIMIT);
      });
    },
    threadCpuSeconds: () => (cpuSeconds.size > 0 ? [...cpuSeconds.values()] : null),
    nextUntaken: () => Atomics.load(shared, SHARED_NEXT),
    async close() {
      stopThreads();
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
