/**
 * ADR 038: parcel searches on the SQLite file are answered by worker threads, each with its own
 * read-only connection, over the filter index the main thread built once in shared memory; the answers
 * are the in-process repository's; a worker that stops is replaced and its search answered, or 503.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId as mainThreadId } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import {
  createSqliteParcelRepository,
  sqliteFilterIndexSource,
} from '../../server/store/sqlite/parcels/createSqliteParcelRepository';
import { withoutUnits } from '../../server/store/sqlite/unitOfWork/serialiseUnits';
import type { ParcelRepository } from '../../server/store/contract/parcels/ParcelRepository';
import type { Paging } from '../../server/store/contract/parcels/ParcelQuery';
import { isSharedIndex, sharedIndexHolder } from '../../server/store/contract/parcels/SharedFilterIndex';
import { buildSharedIndexOnThread } from '../../server/store/sqlite/parcels/buildSharedIndexOnThread';
import { DatabaseUnavailableError } from '../../server/store/contract/DatabaseUnavailableError';
import {
  createSearchWorkerPool,
  detailRepliesOnWorkers,
  searchingOnWorkers,
  type SearchWorkerPool,
} from '../../server/services/search/SearchWorkerPool';
import {
  expectEveryKindOfSearchAsInProcess,
  expectServerSearchesAsInProcess,
} from './helpers/searchWorkerAnswers';
import { buildTestDataset } from './helpers/buildTestDataset';
import { freePort } from './helpers/freePort';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { seedMapUserToken, startServerProcess, stopProcess } from '../../scripts/serverProcess';
import { createPlaceSearch } from '../../server/services/search/PlaceSearch';
import { createServerTranslator } from '../../server/services/i18n/ServerTranslator';
import { ConfigError, loadConfig } from '../../server/config';
import {
  detailRepliesInProcess,
  type FreeDetailForm,
} from '../../server/services/parcelDetails/ParcelDetailReplies';
import { BACKGROUND_NICE } from '../../server/workers/backgroundThreadPriority';
import { threadNiceValues } from './helpers/threadNiceValues';

let dir: string;
let file: string;
let db: Database;
let index: ReturnType<typeof sharedIndexHolder>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-search-workers-'));
  file = path.join(dir, 'parcel-atlas.sqlite');
  db = openDatabase(file);
  buildTestDataset(db, { cantons: ['ZG'], maxMunicipalities: 6, maxParcelsPerMunicipality: 300 });
  // As the server's storage builds it: on a thread of its own (openStorage's searchIndex.share).
  index = sharedIndexHolder(sqliteFilterIndexSource(db), () => buildSharedIndexOnThread(file));
}, 300_000);
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const paging: Paging = { page: 1, size: 12 };
const someName = () =>
  db.prepare('SELECT name FROM municipalities ORDER BY parcel_count DESC').pluck().get() as string;
/** Every 23rd parcel of the dataset (with and without buildings, roads, multi-part ones alike). */
const sampleParcelIds = () =>
  db.prepare('SELECT prc_id FROM parcels WHERE id % 23 = 0 ORDER BY id').pluck().all() as string[];
const FORMS: FreeDetailForm[] = ['objects', 'summary'];

describe('SEARCH_WORKERS', () => {
  const config = (value?: string) =>
    loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      ...(value === undefined ? {} : { SEARCH_WORKERS: value }),
    });

  it('defaults to the cores on SQLite and the cores but one on PostgreSQL, takes 0–64, and refuses anything else', () => {
    expect(config().searchWorkers).toBe(os.availableParallelism());
    expect(
      loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://atlas@localhost/atlas' })
        .searchWorkers,
    ).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(config('0').searchWorkers).toBe(0);
    expect(config('3').searchWorkers).toBe(3);
    for (const bad of ['65', '-1', 'two', '1.5'])
      expect(() => config(bad)).toThrow(
        new ConfigError(`SEARCH_WORKERS must be a whole number from 0 to 64 (got "${bad}")`),
      );
  });
});

describe('search worker pool', () => {
  let pool: SearchWorkerPool;
  beforeAll(() => {
    pool = createSearchWorkerPool({ database: { file }, threads: 2, index });
  });
  afterAll(() => pool.close());

  it('answers every kind of search from a worker thread, exactly as the in-process repository does', async () => {
    await expectEveryKindOfSearchAsInProcess(pool, createSqliteParcelRepository(db), someName());
  });

  it('gives the workers the index in shared memory, built once', async () => {
    const shared = await index();
    expect(shared).not.toBeNull();
    expect(isSharedIndex(shared!)).toBe(true);
    // The same build is handed out until the dataset changes: nothing is built per search or per worker.
    expect(index()).toBe(shared);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((page) => pool.search({ canton: 'ZG' }, { page, size: 3 })),
    );
    // Each worker reports that the arrays it searched lie in SharedArrayBuffers (shared, not copied).
    for (const answer of answers) expect(answer.indexShared).toBe(true);
  });

  it('builds the index on a thread of its own: the event loop reads no column and builds nothing', async () => {
    const source = sqliteFilterIndexSource(db);
    const onMainThread = {
      ...source,
      filterColumns: jest.fn(source.filterColumns),
      municipalities: jest.fn(source.municipalities),
    };
    const holder = sharedIndexHolder(onMainThread, () => buildSharedIndexOnThread(file));
    const asked = holder();
    // A build under way is a promise: the callers (the pool, the tile renderer) wait for it, the loop does not.
    expect(asked).toBeInstanceOf(Promise);
    const built = await asked;
    expect(onMainThread.filterColumns).not.toHaveBeenCalled();
    expect(onMainThread.municipalities).not.toHaveBeenCalled();
    expect(built).not.toBeNull();
    expect(isSharedIndex(built!)).toBe(true);
    // The same index as one built on this thread, part for part, and kept until the dataset changes.
    expect(built).toEqual(sharedIndexHolder(source).now());
    expect(holder()).toBe(built);
    expect(holder.now()).toBe(built);
  });

  it('answers the dataset’s version, whether it has one and its data quality without asking for the index', async () => {
    // Every tile asks the version: after an import it must not be what builds the index on the event loop.
    const sharedIndex = jest.fn(() => null);
    const main = createSqliteParcelRepository(db, { sharedIndex });
    expect(main.hasDataset()).toBe(true);
    expect(main.datasetVersion()).toBe(sqliteFilterIndexSource(db).datasetKey());
    expect(main.dataQuality().syntheticParcels + main.dataQuality().officialParcels).toBeGreaterThan(0);
    expect(sharedIndex).not.toHaveBeenCalled();
  });

  it('runs its searches below the event loop’s priority (nice 10), the main thread left at its own', async () => {
    await pool.search({ canton: 'ZG' }, { page: 1, size: 3 });
    const nice = threadNiceValues(process.pid);
    expect(nice.get(process.pid)).toBe(0);
    expect([...nice.values()].filter((value) => value === BACKGROUND_NICE).length).toBeGreaterThanOrEqual(2);
  });

  it('answers the repository port without evaluating the main thread’s filter index', async () => {
    const main = withoutUnits<ParcelRepository>(createSqliteParcelRepository(db, { sharedIndex: index.now }));
    const search = jest.spyOn(main, 'search');
    const searchRowIds = jest.spyOn(main, 'searchRowIds');
    const parcels = searchingOnWorkers(main, pool);
    const result = await parcels.search({ canton: 'ZG' }, paging);
    await parcels.searchRowIds({ canton: 'ZG' }, paging);
    expect(result.total).toBeGreaterThan(0);
    expect(search).not.toHaveBeenCalled();
    expect(searchRowIds).not.toHaveBeenCalled();
    // Everything but the searches is still the main thread's repository.
    expect(await parcels.cantonsWithData()).toEqual(['ZG']);
  });
});

describe('free parcel detail replies on the search workers (ADR 044)', () => {
  let pool: SearchWorkerPool;
  beforeAll(() => {
    pool = createSearchWorkerPool({ database: { file }, threads: 2, index });
  });
  afterAll(() => pool.close());
  const inProcess = () =>
    detailRepliesInProcess(withoutUnits<ParcelRepository>(createSqliteParcelRepository(db)));

  it('makes the JSON text of /objects and /summary in a worker, exactly as the main thread does', async () => {
    const ids = [...sampleParcelIds(), 'CH000000000000'];
    expect(ids.length).toBeGreaterThan(40);
    for (const form of FORMS) {
      const answers = await Promise.all(ids.map((id) => pool.detailReply(id, form)));
      for (const [i, id] of ids.entries()) {
        expect(answers[i].value).toBe(await inProcess().replyText(id, form));
        expect(pool.threadIds()).toContain(answers[i].threadId);
        expect(answers[i].threadId).not.toBe(mainThreadId);
      }
      // Unknown parcels are null (the route answers 404), known ones the reply object as text.
      expect(answers.at(-1)!.value).toBeNull();
      expect(answers.filter((a) => a.value !== null)).toHaveLength(ids.length - 1);
    }
  });

  it('lets waiting detail replies go before waiting searches, but never more than 16 in a row', async () => {
    const single = createSearchWorkerPool({ database: { file }, threads: 1, index });
    try {
      const [id] = sampleParcelIds();
      const order: string[] = [];
      const track = (label: string, answer: Promise<unknown>) => answer.then(() => order.push(label));
      const all = [
        // The first search takes the idle worker; the second waits behind it, then 20 detail replies arrive.
        track('search 1', single.search({ canton: 'ZG' }, paging)),
        track('search 2', single.search({ canton: 'ZG' }, { page: 2, size: 12 })),
        ...Array.from({ length: 20 }, (_, i) => track(`detail ${i + 1}`, single.detailReply(id, 'objects'))),
      ];
      await Promise.all(all);
      expect(order).toEqual([
        'search 1',
        ...Array.from({ length: 16 }, (_, i) => `detail ${i + 1}`),
        'search 2',
        ...Array.from({ length: 4 }, (_, i) => `detail ${i + 17}`),
      ]);
    } finally {
      await single.close();
    }
  });
});

describe('a search worker that stops', () => {
  /** One worker that stops on the searches crashingSearchWorker.ts names, and the stops it reported. */
  const crashingPool = (callsPerWorker = 1) => {
    const stopped: string[] = [];
    const pool = createSearchWorkerPool({
      database: { file },
      threads: 1,
      callsPerWorker,
      index,
      workerEntry: path.join(__dirname, 'helpers', 'crashingSearchWorker.ts'),
      onWorkerStopped: (reason) => stopped.push(reason),
    });
    return { pool, stopped };
  };

  it('is replaced, and the search it held is answered by its replacement', async () => {
    const { pool, stopped } = crashingPool();
    try {
      const [first] = pool.threadIds();
      const answer = await pool.search({ text: 'crash-once' }, paging);
      expect(answer.value.total).toBe(0);
      expect(stopped).toHaveLength(1);
      expect(pool.threadIds()).toHaveLength(1);
      expect(pool.threadIds()[0]).not.toBe(first);
      expect(answer.threadId).toBe(pool.threadIds()[0]);
      // The replacement goes on answering.
      expect((await pool.search({ canton: 'ZG' }, paging)).value.total).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('gives every call it held to its replacement when it had several in flight (as on PostgreSQL)', async () => {
    const { pool, stopped } = crashingPool(3);
    try {
      const [first] = pool.threadIds();
      // Three calls handed to the one worker at once: the first stops it before it answers any.
      const answers = await Promise.all([
        pool.search({ text: 'crash-once-with-others' }, paging),
        pool.search({ canton: 'ZG' }, paging),
        pool.detailReply(sampleParcelIds()[0], 'summary'),
      ]);
      expect(stopped).toHaveLength(1);
      expect(answers[0].value.total).toBe(0);
      expect(answers[1].value.total).toBeGreaterThan(0);
      expect(answers[2].value).not.toBeNull();
      for (const answer of answers) expect(answer.threadId).not.toBe(first);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 when the search stops its replacement too, and the pool goes on', async () => {
    const { pool, stopped } = crashingPool();
    try {
      const failed = pool.search({ text: 'crash-always' }, paging);
      await expect(failed).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(failed).rejects.toMatchObject({ statusCode: 503 });
      expect(stopped).toHaveLength(2);
      expect((await pool.search({ canton: 'ZG' }, paging)).value.total).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('gives a detail reply it held to its replacement', async () => {
    const { pool, stopped } = crashingPool();
    try {
      const answer = await pool.detailReply('CRASH-ONCE', 'objects');
      expect(answer.value).toBeNull();
      expect(stopped).toHaveLength(1);
      expect(answer.threadId).toBe(pool.threadIds()[0]);
    } finally {
      await pool.close();
    }
  });

  it('has the main thread make a detail reply the workers could not: the request never fails for it', async () => {
    const { pool, stopped } = crashingPool();
    const fellBack: unknown[] = [];
    const main = detailRepliesInProcess(withoutUnits<ParcelRepository>(createSqliteParcelRepository(db)));
    try {
      const replies = detailRepliesOnWorkers(pool, main, (error) => fellBack.push(error));
      // The parcel id that stops every worker: twice stopped, then answered by the main thread (404: none).
      await expect(pool.detailReply('CRASH-ALWAYS', 'summary')).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
      expect(await replies.replyText('CRASH-ALWAYS', 'summary')).toBeNull();
      expect(stopped).toHaveLength(4);
      expect(fellBack).toEqual([expect.any(DatabaseUnavailableError)]);
      // A real parcel, with a pool that cannot answer at all (closed): the main thread's reply.
      const [id] = sampleParcelIds();
      await pool.close();
      const text = await replies.replyText(id, 'objects');
      expect(text).toBe(await main.replyText(id, 'objects'));
      expect(JSON.parse(text!)).toMatchObject({ feature: { PRC_ID: id } });
      expect(fellBack).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 for searches still waiting when the pool closes, and ends every thread', async () => {
    const pool = createSearchWorkerPool({ database: { file }, threads: 1, index });
    const searches = [1, 2, 3].map((page) => pool.search({ canton: 'ZG' }, { page, size: 12 }));
    const settled = Promise.allSettled(searches);
    await pool.close();
    expect(pool.threadIds()).toEqual([]);
    for (const outcome of await settled)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DatabaseUnavailableError);
  });
});

describe('the server (SEARCH_WORKERS=1, a real process started with tsx)', () => {
  it('answers /maps/search from its search worker exactly as in-process, and shuts its threads down', async () => {
    const secret = 'search-workers-test-secret-0123456789abcdef';
    const token = await seedMapUserToken(sqliteStorage(db), secret, 'search-workers@example.ch');
    const server = await startServerProcess(await freePort(), {
      DATA_DIR: dir,
      JWT_SECRET: secret,
      SEARCH_WORKERS: '1',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'test',
    });
    try {
      await expectServerSearchesAsInProcess(
        server.origin,
        token,
        createPlaceSearch(
          withoutUnits<ParcelRepository>(createSqliteParcelRepository(db)),
          createServerTranslator(),
        ),
        [someName(), someName().slice(0, 4), 'Bahnhof'],
      );
    } finally {
      server.child.kill('SIGTERM');
      const code = await new Promise((resolve) => server.child.once('exit', resolve));
      // A clean shutdown: the pool's threads ended, nothing was left to keep the process alive.
      expect(code).toBe(0);
    }
  }, 120_000);
});

describe('parcel details on a server with search workers (ADR 044, real processes started with tsx)', () => {
  it('answers every detail route byte for byte as a server without search workers, and counts full views exactly', async () => {
    const secret = 'detail-workers-test-secret-0123456789abcdef';
    const env = {
      DATA_DIR: dir,
      JWT_SECRET: secret,
      WORKERS: '0',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'test',
    };
    const withWorkers = await startServerProcess(await freePort(), { ...env, SEARCH_WORKERS: '1' });
    const withoutWorkers = await startServerProcess(await freePort(), { ...env, SEARCH_WORKERS: '0' });
    try {
      const token = await seedMapUserToken(sqliteStorage(db), secret, 'detail-workers@example.ch');
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
      const get = async (origin: string, url: string) => {
        const response = await fetch(`${origin}/v1/secure${url}`, { headers });
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          body: await response.text(),
        };
      };
      // The oracle: the same request to the server that makes the reply on its event loop, as before.
      const ids = sampleParcelIds();
      const urls = [
        ...ids.flatMap((id) => FORMS.map((form) => `/maps/prcid/${id}/${form}`)),
        `/maps/prcid/${ids[0].toLowerCase()}/objects`,
        `/maps/prcid/%20${ids[1]}%20/summary`,
        '/maps/prcid/CH000000000000/objects',
      ];
      for (const url of urls) {
        const [worker, eventLoop] = await Promise.all([
          get(withWorkers.origin, url),
          get(withoutWorkers.origin, url),
        ]);
        expect({ url, ...worker, body: worker.body.replace(/"requestId":"[^"]+"/, '') }).toEqual({
          url,
          ...eventLoop,
          body: eventLoop.body.replace(/"requestId":"[^"]+"/, ''),
        });
      }
      expect((await get(withWorkers.origin, urls[0])).type).toBe('application/json; charset=utf-8');
      expect((await get(withWorkers.origin, urls.at(-1)!)).status).toBe(404);

      // Full views are still counted on the main thread's connection: once per parcel, however many at once
      // and whatever free detail replies the workers make meanwhile.
      const fullViews = async () => {
        const response = await fetch(`${withWorkers.origin}/v1/secure/subscriptions`, { headers });
        return ((await response.json()) as { subscription: { usage: Record<string, number> } }).subscription
          .usage.full_view;
      };
      const before = await fullViews();
      // 30 requests at once on three parcels: every other one a full view, the rest free replies.
      const opened = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const route = i % 2 === 0 ? 'objects-full' : FORMS[i % 4 === 1 ? 0 : 1];
          return get(withWorkers.origin, `/maps/prcid/${ids[i % 3]}/${route}`);
        }),
      );
      expect(opened.map((o) => o.status)).toEqual(Array(30).fill(200));
      expect((await fullViews()) - before).toBe(3);
    } finally {
      await Promise.all([stopProcess(withWorkers.child), stopProcess(withoutWorkers.child)]);
    }
  }, 180_000);
});
