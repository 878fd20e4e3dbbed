/**
 * ADR 063: on PostgreSQL, as on SQLite (searchWorkers.test.ts), parcel searches and the free detail replies
 * are answered by worker threads, each with a small pool of its own, over the filter index the main thread
 * built once in shared memory from PostgreSQL's filter columns; the answers are the in-process repository's,
 * and a dataset change (the meta trigger's notification, ADR 051) reaches the workers' answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId as mainThreadId } from 'node:worker_threads';
import { buildDatasetAsync } from '../../server/data/buildDataset';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { createPostgresDatasetWriter } from '../../server/store/postgres/parcels/createPostgresDatasetWriter';
import {
  createPostgresParcelRepository,
  type PostgresParcelRepository,
} from '../../server/store/postgres/parcels/createPostgresParcelRepository';
import {
  openPostgresRepositories,
  type PostgresRepositories,
} from '../../server/store/postgres/createPostgresStores';
import { openStorage } from '../../server/store/postgres/openStorage';
import type { Paging, ParcelQuery } from '../../server/store/contract/parcels/ParcelQuery';
import {
  isSharedIndex,
  type SharedFilterIndex,
  type SharedIndexHolder,
} from '../../server/store/contract/parcels/SharedFilterIndex';
import {
  createSearchWorkerPool,
  searchingOnWorkers,
  type SearchWorkerPool,
} from '../../server/services/search/SearchWorkerPool';
import {
  detailRepliesInProcess,
  type FreeDetailForm,
} from '../../server/services/parcelDetails/ParcelDetailReplies';
import { createPlaceSearch } from '../../server/services/search/PlaceSearch';
import { createServerTranslator } from '../../server/services/i18n/ServerTranslator';
import { seedMapUserToken, startServerProcess, stopProcess } from '../../scripts/serverProcess';
import {
  expectEveryKindOfSearchAsInProcess,
  expectServerSearchesAsInProcess,
} from './helpers/searchWorkerAnswers';
import { TEST_DATASET_OPTIONS } from './helpers/buildTestDataset';
import { freePort } from './helpers/freePort';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

let database: TestPostgresDatabase;
/** The test's own connection: writes the dataset and reads what the oracle needs. */
let db: PostgresConnection;
/** The main thread's repositories, sharing their index with the workers as the composition root has them. */
let main: PostgresRepositories;
let index: SharedIndexHolder;
let pool: SearchWorkerPool;

const writeDataset = (options: Partial<typeof TEST_DATASET_OPTIONS> = {}) =>
  buildDatasetAsync(createPostgresDatasetWriter(db), { ...TEST_DATASET_OPTIONS, ...options });

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  main = await openPostgresRepositories(database.url);
  db = await connectPostgres(database.url);
  await writeDataset();
  index = main.searchIndex.share();
  pool = createSearchWorkerPool({
    database: { postgresUrl: database.url, statementTimeoutMs: 30_000, connections: 4 },
    threads: 2,
    callsPerWorker: 4,
    index,
  });
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await main?.close();
  await db?.close();
  await database?.drop();
});

/** The oracle: a repository of its own, on the main thread, that builds its own index. */
let oracle: PostgresParcelRepository | null = null;
const inProcess = () => (oracle ??= createPostgresParcelRepository(db));

const paging: Paging = { page: 1, size: 12 };
const someName = async () =>
  (await db.one<{ name: string }>('SELECT name FROM municipalities ORDER BY parcel_count DESC, bfs'))!.name;
/** Every 23rd parcel of the dataset (with and without buildings, roads, multi-part ones alike). */
const sampleParcelIds = async () =>
  (await db.query<{ prc_id: string }>('SELECT prc_id FROM parcels WHERE id % 23 = 0 ORDER BY id')).map(
    (row) => row.prc_id,
  );
const FORMS: FreeDetailForm[] = ['objects', 'summary'];

/** The holder's index once it answers with a key other than `before` (the notification is asynchronous). */
async function nextIndex(before: string): Promise<SharedFilterIndex> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const current = await index();
    if (current && current.key !== before) return current;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The shared index stayed at ${before}`);
}

describe('search workers on PostgreSQL', () => {
  it('answers every kind of search from a worker thread, exactly as the in-process repository does', async () => {
    // Up to four calls wait on the database in each worker at the same time.
    await expectEveryKindOfSearchAsInProcess(pool, inProcess(), await someName());
  });

  it('gives the workers the index in shared memory, built once by the main thread from PostgreSQL', async () => {
    const shared = await index();
    expect(shared).not.toBeNull();
    expect(isSharedIndex(shared!)).toBe(true);
    expect(shared!.key).toBe(await main.parcels.datasetVersion());
    // The same build is handed out until the dataset changes: nothing is built per search or per worker.
    expect(await index()).toBe(shared);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((page) => pool.search({ canton: 'ZG' }, { page, size: 3 })),
    );
    for (const answer of answers) expect(answer.indexShared).toBe(true);
  });

  it('answers the repository port without the main thread searching, which reads the same index', async () => {
    const search = jest.spyOn(main.parcels, 'search');
    const searchRowIds = jest.spyOn(main.parcels, 'searchRowIds');
    try {
      const parcels = searchingOnWorkers(main.parcels, pool);
      const result = await parcels.search({ canton: 'ZG' }, paging);
      await parcels.searchRowIds({ canton: 'ZG' }, paging);
      expect(result.total).toBeGreaterThan(0);
      expect(search).not.toHaveBeenCalled();
      expect(searchRowIds).not.toHaveBeenCalled();
      expect(await parcels.cantonsWithData()).toEqual(['ZG']);
    } finally {
      search.mockRestore();
      searchRowIds.mockRestore();
    }
    // The main thread's own searches (a searched tile in-process, the data quality) read the shared index.
    expect(await main.parcels.search({ canton: 'ZG' }, paging)).toEqual(
      await inProcess().search({ canton: 'ZG' }, paging),
    );
    expect(await main.parcels.dataQuality()).toEqual(await inProcess().dataQuality());
  });

  it('makes the free detail replies in a worker, exactly as the main thread does', async () => {
    const ids = [...(await sampleParcelIds()), 'CH000000000000'];
    expect(ids.length).toBeGreaterThan(40);
    const replies = detailRepliesInProcess(inProcess());
    for (const form of FORMS) {
      const answers = await Promise.all(ids.map((id) => pool.detailReply(id, form)));
      for (const [i, id] of ids.entries()) {
        expect(answers[i].value).toBe(await replies.replyText(id, form));
        expect(answers[i].threadId).not.toBe(mainThreadId);
      }
      expect(answers.at(-1)!.value).toBeNull();
    }
  });

  it('answers from the new dataset once PostgreSQL notified its change (ADR 051)', async () => {
    const before = (await index())!;
    const query: ParcelQuery = { canton: 'ZG' };
    const old = await pool.search(query, paging);
    expect(old.value).toEqual(await inProcess().search(query, paging));

    // Another build of the dataset (as a rebuild or an import writes it): fewer parcels, a new mark.
    await writeDataset({ maxMunicipalities: 2, maxParcelsPerMunicipality: 200, seed: 11 });
    const after = await nextIndex(before.key);
    expect(after.key).toBe(await inProcess().datasetVersion());
    expect(after.columns.count).toBeLessThan(before.columns.count);

    const answers = await Promise.all([
      pool.search(query, paging),
      pool.search(query, { page: 2, size: 12 }),
      pool.searchRowIds(query, paging),
    ]);
    expect(answers[0].value).toEqual(await inProcess().search(query, paging));
    expect(answers[0].value.total).not.toBe(old.value.total);
    expect(answers[1].value).toEqual(await inProcess().search(query, { page: 2, size: 12 }));
    expect(answers[2].value).toEqual(await inProcess().searchRowIds(query, paging));
    for (const answer of answers) expect(answer.indexShared).toBe(true);
  }, 120_000);
});

describe('the server on PostgreSQL (SEARCH_WORKERS=1, a real process started with tsx)', () => {
  it('answers /maps/search and the free details from its search worker exactly as in-process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-pg-search-workers-'));
    const secret = 'pg-search-workers-test-secret-0123456789abcdef';
    const storage = await openStorage({
      databaseUrl: database.url,
      databasePoolSize: 2,
      databaseStatementTimeoutMs: 30_000,
    });
    const token = await seedMapUserToken(storage, secret, 'pg-search-workers@example.ch');
    await storage.close();
    const server = await startServerProcess(await freePort(), {
      DATA_DIR: dir,
      DATABASE_URL: database.url,
      JWT_SECRET: secret,
      SEARCH_WORKERS: '1',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'test',
    });
    try {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
      const name = await someName();
      await expectServerSearchesAsInProcess(
        server.origin,
        token,
        createPlaceSearch(inProcess(), createServerTranslator()),
        [name, name.slice(0, 4), 'Bahnhof'],
      );
      const replies = detailRepliesInProcess(inProcess());
      for (const id of (await sampleParcelIds()).slice(0, 5)) {
        const response = await fetch(`${server.origin}/v1/secure/maps/prcid/${id}/summary`, { headers });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(await replies.replyText(id, 'summary'));
      }
    } finally {
      await stopProcess(server.child);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
