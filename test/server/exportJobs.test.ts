import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  BACKGROUND_EXPORT_ABOVE,
  EXPORT_JOB_EVENT,
  type ExportJobEvent,
  type ExportJobStarted,
  type ExportJobStatus,
} from '../../src/contract/ExportJobs';
import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import {
  createExportJobs,
  EXPORT_HEARTBEAT_MS,
  EXPORT_SILENT_MS,
  type PreparedExport,
} from '../../server/services/exports/ExportJobs';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { subscribeWithFullViews } from './ogc/ogcFixture';
import { buildTestDataset } from './helpers/buildTestDataset';
import { runReader } from './helpers/exportReaders';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

/** Bulk exports in the background (ADR 040): 202 with a job, progress on the socket, a download. */

let t: TestApp;
let anna: SignedIn;
let ben: SignedIn;
/** A search with more parcels than an answer carries at once. */
const LARGE = 'CANTON=ZG&PRC_SUR_from=200';

const get = (url: string, who: SignedIn, language = 'en') =>
  t.app.inject({
    url: `/v1/secure/${url}`,
    headers: { ...who.headers, langcode: language } as typeof who.headers,
  });

const fullViewsUsed = (userId: string) =>
  Number(
    t.db
      .prepare("SELECT coalesce(sum(used), 0) FROM usage_counters WHERE user_id = ? AND kind = 'full_view'")
      .pluck()
      .get(userId),
  );

/** The job events pushed for `userId` while `work` runs, until the job has ended. */
async function eventsWhile(userId: string, work: () => Promise<ExportJobStarted>) {
  const seen: ExportJobEvent[] = [];
  const listener = (event: ExportJobEvent) => {
    if (event.userId === userId) seen.push(event);
  };
  t.app.ctx.events.on(EXPORT_JOB_EVENT, listener);
  try {
    const started = await work();
    await t.app.ctx.exportJobs.settled();
    return { started, seen };
  } finally {
    t.app.ctx.events.off(EXPORT_JOB_EVENT, listener);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  anna = await signIn(t.app, { name: 'Anna Ämmänn' });
  ben = await signIn(t.app, { name: 'Ben' });
  subscribeWithFullViews(t, anna.user.id, 50_000);
  subscribeWithFullViews(t, ben.user.id, 50_000);
}, 120_000);
afterAll(() => t.close());

describe('a large export runs in the background', () => {
  let started: ExportJobStarted;
  let seen: ExportJobEvent[];
  let expected: number;

  beforeAll(async () => {
    ({ started, seen } = await eventsWhile(anna.user.id, async () => {
      const response = await get(`maps/export/xlsx?${LARGE}`, anna);
      expect(response.statusCode).toBe(202);
      expected = Number(response.headers['x-export-parcels']);
      return response.json<ExportJobStarted>();
    }));
  });

  it(`answers 202 with a job at once for more than ${BACKGROUND_EXPORT_ABOVE} parcels, counted before the work`, () => {
    expect(expected).toBeGreaterThan(BACKGROUND_EXPORT_ABOVE);
    expect(started).toMatchObject({ background: true, parcels: expected });
    expect(started.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.fileName).toMatch(/^search-\d{4}-\d\d-\d\d\.xlsx$/);
    expect(fullViewsUsed(anna.user.id)).toBe(expected);
  });

  it("pushes its progress to the owner's sockets, rising, then done with an expiry", () => {
    expect(seen.length).toBeGreaterThan(2);
    const running = seen.filter((event) => event.state === 'running');
    expect(running.length).toBeGreaterThan(1);
    const percents = running.map((event) => event.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    expect(running.every((event) => event.done <= expected && event.jobId === started.jobId)).toBe(true);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ state: 'done', percent: 100, done: expected, parcels: expected });
    expect(Date.parse(last.expiresAt!)).toBeGreaterThan(Date.now());
  });

  it('gives the file to its owner, read back by GDAL (ogrinfo) with every parcel', async () => {
    const status = await get(`exports/${started.jobId}/status`, anna);
    expect(status.statusCode).toBe(200);
    expect(status.json<ExportJobStatus>()).toMatchObject({ state: 'done', percent: 100 });
    const download = await get(`exports/${started.jobId}/download`, anna);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/spreadsheetml/);
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="search-.*\.xlsx"/);
    expect(download.headers['cache-control']).toBe('no-store');
    const file = path.join(t.dataDir, 'background.xlsx');
    fs.writeFileSync(file, download.rawPayload);
    const summary = runReader('ogrinfo', ['-so', '-al', file]);
    expect(summary).toMatch(new RegExp(`Feature Count: ${expected}\\b`));
    expect(summary).toMatch(/PRC_ID: String/);
    expect(summary).toMatch(/PRC_SUR: (Real|Integer)/);
  });

  it("answers another user's job as an unknown one (404, in the caller's language)", async () => {
    const other = await get(`exports/${started.jobId}/download`, ben, 'de');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(
      'Dieser Export existiert nicht oder ist abgelaufen. Starten Sie den Export erneut',
    );
    expect((await get(`exports/${started.jobId}/status`, ben)).statusCode).toBe(404);
    // The owner still has it.
    expect((await get(`exports/${started.jobId}/download`, anna)).statusCode).toBe(200);
    const unknown = await get('exports/00000000-0000-4000-8000-000000000000/download', anna);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This export does not exist or has expired. Start the export again');
    const malformed = await get('exports/..%2Fetc%2Fpasswd/download', anna);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/jobId/);
    expect((await t.app.inject({ url: `/v1/secure/exports/${started.jobId}/download` })).statusCode).toBe(
      401,
    );
  });

  it('counts a parcel once per period: the same export again counts nothing more', async () => {
    const before = fullViewsUsed(anna.user.id);
    const { seen: again } = await eventsWhile(anna.user.id, async () => {
      const response = await get(`maps/export/csv?${LARGE}`, anna);
      expect(response.statusCode).toBe(202);
      return response.json<ExportJobStarted>();
    });
    expect(fullViewsUsed(anna.user.id)).toBe(before);
    const done = again.at(-1)!;
    expect(done.state).toBe('done');
    const csv = await get(`exports/${done.jobId}/download`, anna);
    const rows = parse(csv.rawPayload, { bom: true, columns: true, delimiter: ';' }) as object[];
    expect(rows).toHaveLength(expected);
  });
});

it('a list of more than 500 parcels: 202, then a GeoPackage with every parcel and its status (ogrinfo)', async () => {
  const prcIds = t.db
    .prepare('SELECT prc_id FROM parcels ORDER BY prc_id LIMIT ?')
    .pluck()
    .all(BACKGROUND_EXPORT_ABOVE + 1) as string[];
  const list = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/secure/lists',
      headers: ben.headers,
      payload: { name: 'Zug gross' },
    })
  ).json<{ id: string }>();
  for (const part of [prcIds.slice(0, 400), prcIds.slice(400)])
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v1/secure/lists/${list.id}/items/bulk`,
          headers: ben.headers,
          payload: { prcIds: part },
        })
      ).statusCode,
    ).toBe(200);
  const { started, seen } = await eventsWhile(ben.user.id, async () => {
    const response = await get(`lists/${list.id}/export/gpkg`, ben);
    expect(response.statusCode).toBe(202);
    return response.json<ExportJobStarted>();
  });
  expect(started).toMatchObject({ parcels: prcIds.length });
  expect(started.fileName).toMatch(/^Zug-gross-\d{4}-\d\d-\d\d\.gpkg$/);
  expect(seen.filter((event) => event.state === 'running').length).toBeGreaterThan(1);
  expect(seen.at(-1)).toMatchObject({ state: 'done', done: prcIds.length });
  const download = await get(`exports/${started.jobId}/download`, ben);
  expect(download.statusCode).toBe(200);
  const file = path.join(t.dataDir, 'background.gpkg');
  fs.writeFileSync(file, download.rawPayload);
  const summary = runReader('ogrinfo', ['-so', file, 'parcels']);
  expect(summary).toMatch(new RegExp(`Feature Count: ${prcIds.length}\\b`));
  expect(summary).toMatch(/ID\["EPSG",2056\]|AUTHORITY\["EPSG","2056"\]/);
  expect(summary).toMatch(/LIST_STATUS: String/);
});

it('a refused large export counts nothing and starts no job', async () => {
  const carla = await signIn(t.app, { name: 'Carla' });
  subscribeWithFullViews(t, carla.user.id, 20);
  const pushed: ExportJobEvent[] = [];
  const listener = (event: ExportJobEvent) => pushed.push(event);
  t.app.ctx.events.on(EXPORT_JOB_EVENT, listener);
  const refused = await get(`maps/export/gpkg?${LARGE}`, carla);
  t.app.ctx.events.off(EXPORT_JOB_EVENT, listener);
  expect(refused.statusCode).toBe(402);
  expect(refused.json()).toMatchObject({ errorCode: 'LIMIT_REACHED_FULL_VIEW' });
  expect(fullViewsUsed(carla.user.id)).toBe(0);
  expect(pushed).toEqual([]);
});

it('a small export is still answered with the file itself', async () => {
  const response = await get('maps/export/csv?LOCNAME=Cham&PRC_SUR_from=3000&CANTON=ZG', anna);
  expect(response.statusCode).toBe(200);
  expect(Number(response.headers['x-export-parcels'])).toBeLessThanOrEqual(BACKGROUND_EXPORT_ABOVE);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
});

describe('a job made by one instance, asked for on another (both on one database)', () => {
  let other: FastifyInstance;
  let otherDb: Database;
  beforeAll(async () => {
    otherDb = openDatabase(path.join(t.dataDir, 'test.sqlite'));
    other = await buildApp({ config: t.config, storage: sqliteStorage(otherDb) });
  });
  afterAll(async () => {
    await other.close();
    otherDb.close();
  });

  it('answers the status and gives the file through the other instance, to its owner only', async () => {
    const { started } = await eventsWhile(anna.user.id, async () => {
      const response = await get(`maps/export/csv?${LARGE}`, anna);
      expect(response.statusCode).toBe(202);
      return response.json<ExportJobStarted>();
    });
    const onOther = (url: string, who: SignedIn) =>
      other.inject({ url: `/v1/secure/${url}`, headers: who.headers });
    const status = await onOther(`exports/${started.jobId}/status`, anna);
    expect(status.statusCode).toBe(200);
    expect(status.json<ExportJobStatus>()).toMatchObject({
      state: 'done',
      percent: 100,
      parcels: started.parcels,
    });
    const download = await onOther(`exports/${started.jobId}/download`, anna);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="search-.*\.csv"/);
    const rows = parse(download.rawPayload, { bom: true, columns: true, delimiter: ';' }) as object[];
    expect(rows).toHaveLength(started.parcels);
    expect((await onOther(`exports/${started.jobId}/download`, ben)).statusCode).toBe(404);
  });
});

describe('the job registry', () => {
  const opened: Database[] = [];
  afterAll(() => opened.forEach((db) => db.close()));
  const MINUTE = 60_000;

  /** Two instances' registries over one database, on a clock the test moves. */
  async function registry(keepMs = 60 * MINUTE) {
    const db = openDatabase(':memory:');
    opened.push(db);
    const stores = createSqliteStores(db);
    const owner = await stores.users.create({
      username: `owner${opened.length}@x.ch`,
      email: `owner${opened.length}@x.ch`,
      name: 'Owner',
      passwordHash: 'hash',
      status: 'active',
      roles: ['MAPUSER'],
    });
    const clock = { at: 1_000_000 };
    const instance = () => {
      const events = new EventEmitter();
      const pushed: ExportJobEvent[] = [];
      events.on(EXPORT_JOB_EVENT, (event: ExportJobEvent) => pushed.push({ ...event }));
      const errors: unknown[] = [];
      const jobs = createExportJobs({
        events,
        store: stores.exportJobs,
        keepMs,
        now: () => clock.at,
        onError: (error) => errors.push(error),
      });
      return { jobs, pushed, errors };
    };
    return { u1: owner.id, clock, store: stores.exportJobs, a: instance(), b: instance() };
  }
  const prepared = (build: PreparedExport['build']): PreparedExport => ({
    parcels: 1000,
    fileName: 'list.csv',
    contentType: 'text/csv',
    build,
  });

  it('removes the job and its file when it expires; then the job is unknown (404)', async () => {
    const { a, b, u1, clock, store } = await registry(60 * MINUTE);
    const { jobId } = await a.jobs.start(
      u1,
      prepared(async () => Buffer.from('a;b')),
    );
    await a.jobs.settled();
    expect((await b.jobs.status(u1, jobId)).state).toBe('done');
    expect((await b.jobs.download(u1, jobId)).body.toString('utf8')).toBe('a;b');
    clock.at += 60 * MINUTE - 1;
    await b.jobs.sweep();
    expect(await store.find(jobId)).not.toBeNull();
    clock.at += 1;
    await expect(a.jobs.download(u1, jobId)).rejects.toMatchObject({ status: 404, reason: 'unknown' });
    await b.jobs.sweep();
    expect(await store.find(jobId)).toBeNull();
    await Promise.all([a.jobs.close(), b.jobs.close()]);
  });

  it('a failed job leaves no file, says so on the socket and answers its download 404', async () => {
    const { a, u1, store } = await registry();
    const { jobId } = await a.jobs.start(
      u1,
      prepared(async (progress) => {
        progress(300);
        throw new Error('disk full');
      }),
    );
    await a.jobs.settled();
    expect(a.pushed.map((event) => [event.state, event.percent])).toEqual([
      ['running', 30],
      ['failed', 30],
    ]);
    expect(a.errors).toEqual([new Error('disk full')]);
    expect(await store.file(jobId, u1)).toBeNull();
    await expect(a.jobs.download(u1, jobId)).rejects.toMatchObject({ status: 404, reason: 'failed' });
    await a.jobs.close();
  });

  it('a running job is not downloadable yet (409), on either instance', async () => {
    const { a, b, u1 } = await registry();
    let finish: () => void = () => undefined;
    const { jobId } = await a.jobs.start(
      u1,
      prepared(
        () =>
          new Promise<Buffer>((resolve) => {
            finish = () => resolve(Buffer.from('x'));
          }),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await expect(a.jobs.download(u1, jobId)).rejects.toMatchObject({ status: 409 });
    await expect(b.jobs.download(u1, jobId)).rejects.toMatchObject({ status: 409 });
    finish();
    await a.jobs.close();
    expect((await b.jobs.download(u1, jobId)).body.toString()).toBe('x');
  });

  it('a job whose instance died mid-way is failed after a silence, told on the socket, and not hanging', async () => {
    const { a, b, u1, clock } = await registry();
    // Instance A starts a job and dies: the build never ends, no heartbeat comes.
    const { jobId } = await a.jobs.start(
      u1,
      prepared(() => new Promise<Buffer>(() => undefined)),
    );
    await new Promise((resolve) => setImmediate(resolve));
    clock.at += EXPORT_SILENT_MS;
    await b.jobs.sweep();
    expect((await b.jobs.status(u1, jobId)).state).toBe('running');
    clock.at += 1;
    await b.jobs.sweep();
    expect(await b.jobs.status(u1, jobId)).toMatchObject({ state: 'failed', expiresAt: null });
    expect(b.pushed).toEqual([expect.objectContaining({ jobId, userId: u1, state: 'failed' })]);
    await expect(b.jobs.download(u1, jobId)).rejects.toMatchObject({ status: 404, reason: 'failed' });
    await b.jobs.close();
  });

  it('a job that takes long but whose instance lives is kept alive by its heartbeat', async () => {
    const { a, b, u1, clock } = await registry();
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    let finish: () => void = () => undefined;
    try {
      const { jobId } = await a.jobs.start(
        u1,
        prepared(
          () =>
            new Promise<Buffer>((resolve) => {
              finish = () => resolve(Buffer.from('slow'));
            }),
        ),
      );
      await new Promise((resolve) => setImmediate(resolve));
      // Twice the silence allowed, without any progress: only the heartbeat speaks for the job.
      for (let waited = 0; waited < 2 * EXPORT_SILENT_MS; waited += EXPORT_HEARTBEAT_MS) {
        clock.at += EXPORT_HEARTBEAT_MS;
        jest.advanceTimersByTime(EXPORT_HEARTBEAT_MS);
        await new Promise((resolve) => setImmediate(resolve));
        await b.jobs.sweep();
      }
      expect((await b.jobs.status(u1, jobId)).state).toBe('running');
      finish();
      await a.jobs.settled();
      expect((await b.jobs.download(u1, jobId)).body.toString()).toBe('slow');
    } finally {
      jest.useRealTimers();
      finish();
      await Promise.all([a.jobs.close(), b.jobs.close()]);
    }
  });

  it('a silent job asked for before any sweep is failed by that question', async () => {
    const { a, b, u1, clock } = await registry();
    const { jobId } = await a.jobs.start(
      u1,
      prepared(() => new Promise<Buffer>(() => undefined)),
    );
    clock.at += EXPORT_SILENT_MS + 1;
    expect((await b.jobs.status(u1, jobId)).state).toBe('failed');
    await b.jobs.close();
  });
});
