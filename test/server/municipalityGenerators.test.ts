import { createWorkerGenerator } from '../../server/data/build/municipalityGenerators';
import {
  planDataset,
  generateMunicipalityRows,
  type BuildDatasetOptions,
} from '../../server/data/buildDataset';
import { rowValues } from '../../server/store/contract/parcels/municipalityRows';
import type { MunicipalityRows } from '../../server/store/contract/parcels/DatasetWriter';

/** Appenzell Innerrhoden's 5 municipalities and Zug's 11, 80 parcels each. */
const OPTIONS: BuildDatasetOptions = { cantons: ['ZG', 'AI'], seed: 5, maxParcelsPerMunicipality: 80 };

/**
 * Blocks this thread (its event loop included) until `done()` or `maxMs` have passed, like a writer that
 * never returns to its event loop. Waiting on the condition, not a fixed time, so that a busy machine only
 * makes it longer (a fixed 4 s was too short with both cores kept busy).
 */
const blockThreadUntil = (done: () => boolean, maxMs: number) => {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + maxMs;
  while (!done() && Date.now() < until) Atomics.wait(pause, 0, 0, 20);
};

/** Resolves after the event loop has turned a few times (macrotasks queued before it have run). */
const afterQueuedMessages = () =>
  new Promise<void>((resolve) => setTimeout(() => setImmediate(() => setImmediate(resolve)), 0));

const allRows = (rows: MunicipalityRows) =>
  [rows.parcels, rows.buildings, rows.layers].map((table) =>
    Array.from({ length: table.count }, (_, i) => rowValues(table, i, 0, table.stride)),
  );

describe('generator threads of the dataset build', () => {
  it('go on to the next municipalities while the writing thread is busy, without waiting to be handed them', async () => {
    const generator = createWorkerGenerator(OPTIONS, 2);
    try {
      // The threads are up and planned once the first municipality is back.
      await generator.generate(0);
      const settled = new Set<number>();
      const requested = [1, 2, 3, 4, 5, 6].map((index) =>
        generator.generate(index).then(() => settled.add(index)),
      );
      // The writer writes a municipality at a time without returning to its event loop: meanwhile both
      // threads must take the next ones themselves (handed out by the event loop, they took one each, and
      // the next untaken stayed at 3). Taking 5 and 6 means two threads finished four municipalities.
      blockThreadUntil(() => generator.nextUntaken() > 6, 60_000);
      expect(generator.nextUntaken()).toBe(7);
      expect(settled.size).toBe(0);
      await afterQueuedMessages();
      await Promise.all(requested);
      expect([...settled].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await generator.close();
    }
  });

  it('gives the same rows as generating in this thread, whichever thread made a municipality', async () => {
    const inputs = planDataset(OPTIONS);
    const generator = createWorkerGenerator(OPTIONS, 2);
    try {
      const indexes = [0, 1, 2, 3, 4, 5, 6, 7];
      const fromThreads = await Promise.all(indexes.map((index) => generator.generate(index)));
      indexes.forEach((index) => {
        const here = generateMunicipalityRows(inputs[index]);
        expect(fromThreads[index].name).toBe(here.name);
        expect(allRows(fromThreads[index])).toEqual(allRows(here));
        expect(Buffer.from(fromThreads[index].layers.geometries)).toEqual(
          Buffer.from(here.layers.geometries),
        );
      });
    } finally {
      await generator.close();
    }
  });

  it('refuses municipalities asked for out of the build order, and stops threads that wait for work', async () => {
    const generator = createWorkerGenerator(OPTIONS, 2);
    await expect(generator.generate(3)).resolves.toMatchObject({ parcels: expect.anything() });
    await expect(generator.generate(5)).rejects.toThrow('Municipality 5 requested out of order');
    // Both threads now wait for a municipality that is never requested: closing must not hang.
    await generator.close();
  });
});
