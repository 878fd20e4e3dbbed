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

/** Blocks this thread (its event loop included) for `ms`. */
const blockThread = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

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
      // threads must take the next ones themselves (handed out by the event loop, they took one each).
      blockThread(4000);
      await afterQueuedMessages();
      expect([...settled].sort()).toEqual([1, 2, 3, 4, 5, 6]);
      await Promise.all(requested);
    } finally {
      await generator.close();
    }
  }, 30_000);

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
  }, 30_000);

  it('refuses municipalities asked for out of the build order, and stops threads that wait for work', async () => {
    const generator = createWorkerGenerator(OPTIONS, 2);
    await expect(generator.generate(3)).resolves.toMatchObject({ parcels: expect.anything() });
    await expect(generator.generate(5)).rejects.toThrow('Municipality 5 requested out of order');
    // Both threads now wait for a municipality that is never requested: closing must not hang.
    await generator.close();
  }, 30_000);
});
