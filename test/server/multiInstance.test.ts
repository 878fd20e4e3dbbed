import fs from 'node:fs';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { io as connect, type Socket } from 'socket.io-client';
import { buildPostgresDataset } from '../../server/data/buildPostgresDataset';
import { LOGIN_THROTTLES } from '../../server/services/accounts/rateLimits';
import { LIMIT_REACHED_MESSAGES } from '../../server/services/quota/QuotaService';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { openPostgresRepositories } from '../../server/store/postgres/createPostgresStores';
import { BACKGROUND_EXPORT_ABOVE } from '../../src/contract/ExportJobs';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/store/contract/DatabaseUnavailableError';
import { tileAt } from '../../server/geo/projection';
import type { SearchResponse } from '../../src/contract/Parcel';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { startAppInstances, type AppInstance, type AppInstances } from './helpers/appInstances';
import { multipartBody } from './helpers/multipart';
import { createPostgresUser } from './helpers/postgresUsers';
import {
  createTestPostgresDatabase,
  SMALL_ZUG_DATASET,
  testPostgresServer,
  type TestPostgresDatabase,
} from './helpers/testPostgres';
import { baarRows } from '../helpers/baarSurvey';
import { writeGeoPackage } from '../helpers/cadastreFiles';

// Several instances on one database: two real app processes (server/main.ts through tsx, as `npm start`
// runs it) on one PostgreSQL database with a small dataset built into it, answering one client alternately
// as a sticky-free load balancer sends it.
const PASSWORD = 'Str0ng!Pass';
const TRIAL_FULL_VIEWS = 10;

let database: TestPostgresDatabase;
let cluster: AppInstances;
let a: AppInstance;
let b: AppInstance;
let admin: PostgresConnection;
let egrid: string;
/** 50 different parcels: a full view counts once per parcel and period. */
let egrids: string[];

/** An active account with a real password, written straight into the shared database. */
const createUser = (username: string, roles?: string[]) =>
  createPostgresUser(database.url, username, PASSWORD, roles);

interface Json {
  status: number;
  body: Record<string, unknown>;
}

async function call(instance: AppInstance, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> } satisfies Json;
}

/** Logs in on one instance: the SSO token, and the main server's token from the service login. */
async function logIn(instance: AppInstance, username: string): Promise<{ sso: string; main: string }> {
  const login = await call(instance, 'POST', '/api/user/login', undefined, { username, password: PASSWORD });
  expect(login.status).toBe(200);
  const sso = login.body.token as string;
  const service = await call(instance, 'POST', '/api/ms-auth/login', sso);
  expect(service.status).toBe(200);
  return { sso, main: service.body.token as string };
}

const fullView = (instance: AppInstance, token: string, parcel = egrid) =>
  call(instance, 'GET', `/v1/secure/maps/prcid/${parcel}/objects-full`, token);

async function search(instance: AppInstance, token: string, text: string): Promise<SearchResponse> {
  const res = await call(
    instance,
    'GET',
    `/v1/secure/maps/search?searchQuery=${encodeURIComponent(text)}`,
    token,
  );
  expect(res.status).toBe(200);
  return res.body as unknown as SearchResponse;
}

async function tileParcelIds(instance: AppInstance, token: string, lon: number, lat: number, z = 16) {
  const { x, y } = tileAt(lon, lat, z);
  const response = await fetch(`${instance.url}/v1/secure/maps/all-around?x=${x}&y=${y}&z=${z}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const layer = new VectorTile(new Pbf(Buffer.from(await response.arrayBuffer()))).layers.around;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => String(layer.feature(i).properties.PRC_ID));
}

async function connectSocket(instance: AppInstance, token: string): Promise<Socket> {
  const socket = connect(instance.url, { query: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Asks `attempt` (up to 30 times, 200 ms apart) until it holds: the other instance's listener may still start. */
async function eventually(attempt: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 30; i += 1) {
    if (await attempt()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Ends every connection the instances hold to the database, as a PostgreSQL restart does. */
async function terminateInstanceConnections(): Promise<number> {
  const ended = await admin.query(
    `SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return ended.length;
}

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  await buildPostgresDataset(database.url, SMALL_ZUG_DATASET);
  admin = await connectPostgres(database.url);
  egrid = (
    await admin.one<{ prc_id: string }>(
      "SELECT prc_id FROM parcels WHERE ind = 'Standard' ORDER BY id LIMIT 1",
    )
  )?.prc_id as string;
  egrids = (
    await admin.query<{ prc_id: string }>(
      "SELECT prc_id FROM parcels WHERE ind = 'Standard' ORDER BY id LIMIT 50",
    )
  ).map((row) => row.prc_id);
  cluster = await startAppInstances(database.url, 2);
  [a, b] = cluster.instances;
}, 240_000);
afterAll(async () => {
  await cluster?.stop();
  await admin?.close();
  await database?.drop();
}, 60_000);

describe('two app instances on one PostgreSQL database', () => {
  it('counts 50 parallel full views of 50 parcels split across both at the limit without overshoot', async () => {
    await createUser('quota@example.ch');
    const { main } = await logIn(a, 'quota@example.ch');
    const answers = await Promise.all(egrids.map((parcel, i) => fullView(i % 2 === 0 ? a : b, main, parcel)));
    const served = answers.filter((res) => res.status === 200);
    const refused = answers.filter((res) => res.status !== 200);
    expect(served).toHaveLength(TRIAL_FULL_VIEWS);
    expect(refused).toHaveLength(50 - TRIAL_FULL_VIEWS);
    for (const res of refused)
      expect(res).toEqual({
        status: 402,
        body: {
          error: true,
          requestId: expect.any(String),
          errorCode: 'LIMIT_REACHED_FULL_VIEW',
          errorMessage: LIMIT_REACHED_MESSAGES.full_view,
        },
      });
    const subscription = await call(b, 'GET', '/v1/secure/subscriptions', main);
    const usage = (subscription.body as unknown as SubscriptionResponse).subscription?.usage;
    expect(usage).toMatchObject({ full_view: TRIAL_FULL_VIEWS });
  }, 60_000);

  it('throttles on one instance a login throttled on the other', async () => {
    await createUser('owner@example.ch');
    const { freeFailures } = LOGIN_THROTTLES.loginFailuresPerAccountIp;
    for (let i = 0; i < freeFailures; i += 1) {
      const wrong = await call(a, 'POST', '/api/user/login', undefined, {
        username: 'owner@example.ch',
        password: 'Wrong!Pass1',
      });
      expect(wrong.status).toBe(401);
    }
    const onB = await call(b, 'POST', '/api/user/login', undefined, {
      username: 'owner@example.ch',
      password: PASSWORD,
    });
    expect(onB.status).toBe(429);
    expect(onB.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again$/);
  }, 60_000);

  it('delivers to a socket on instance A an event caused on instance B', async () => {
    await createUser('socket@example.ch');
    const { main } = await logIn(b, 'socket@example.ch');
    const socket = await connectSocket(a, main);
    try {
      const messages: { type: string }[] = [];
      socket.on('message', (message: { type: string }) => messages.push(message));
      // A full view on B counts a use: B emits usage-changed, A's socket receives it. Each try views
      // another parcel, since a parcel's full view counts once a period.
      let tries = 0;
      const delivered = await eventually(async () => {
        expect((await fullView(b, main, egrids[tries++])).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return messages.some((message) => message.type === 'usage-changed');
      });
      expect(delivered).toBe(true);
    } finally {
      socket.close();
    }
  }, 60_000);

  it('gives through instance B a background export made by instance A, to its owner only', async () => {
    for (const username of ['export@example.ch', 'other-export@example.ch']) await createUser(username);
    const stores = await openPostgresRepositories(database.url);
    try {
      const owner = await stores.users.findByUsername('export@example.ch');
      const start = new Date(Date.now() - 60_000);
      await stores.subscriptions.save({
        userId: owner!.id,
        planId: null,
        product: 'Test plan',
        status: 'active',
        periodStart: start.toISOString(),
        periodEnd: new Date(start.getTime() + 30 * 24 * 3600_000).toISOString(),
        intervalMonths: 1,
        cancelAtPeriodEnd: false,
        limits: { advance_search: 100, full_view: 50_000, report_download: 10 },
        provider: 'test',
        providerCustomerId: null,
        providerSubscriptionId: null,
      });
    } finally {
      await stores.close();
    }
    const { main } = await logIn(a, 'export@example.ch');
    const started = await call(a, 'GET', '/v1/secure/maps/export/csv?CANTON=ZG', main);
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    const parcels = started.body.parcels as number;
    expect(parcels).toBeGreaterThan(BACKGROUND_EXPORT_ABOVE);
    // Asked on B only: the job is a row of the shared database, its file a BLOB in it.
    const done = await eventually(async () => {
      const status = await call(b, 'GET', `/v1/secure/exports/${jobId}/status`, main);
      expect(status.status).toBe(200);
      return status.body.state === 'done';
    });
    expect(done).toBe(true);
    const download = await fetch(`${b.url}/v1/secure/exports/${jobId}/download`, {
      headers: { authorization: `Bearer ${main}` },
    });
    expect(download.status).toBe(200);
    const rows = (await download.text()).trim().split(/\r?\n/);
    expect(rows).toHaveLength(parcels + 1); // the header row and one row a parcel
    const other = await logIn(b, 'other-export@example.ch');
    expect((await call(b, 'GET', `/v1/secure/exports/${jobId}/download`, other.main)).status).toBe(404);
  }, 60_000);

  it('refuses on instance B the tokens of a session logged out on instance A, and closes its sockets', async () => {
    await createUser('logout@example.ch');
    const { sso, main } = await logIn(a, 'logout@example.ch');
    expect((await call(b, 'GET', '/v1/secure/subscriptions', main)).status).toBe(200);
    const socket = await connectSocket(b, main);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));

    expect((await call(a, 'POST', '/api/user/logout', sso)).status).toBe(200);
    expect((await call(b, 'GET', '/v1/secure/subscriptions', main)).status).toBe(401);
    expect((await call(b, 'POST', '/api/ms-auth/login', sso)).status).toBe(401);
    await expect(closed).resolves.toBe('io server disconnect');
  }, 60_000);

  it('serves on instance B what an admin imported on instance A: search and tiles, never the stale data', async () => {
    await createUser('admin@example.ch', ['MAPUSER', 'ADMIN']);
    await createUser('viewer@example.ch');
    const adminToken = (await logIn(a, 'admin@example.ch')).main;
    const viewer = (await logIn(b, 'viewer@example.ch')).main;
    // B has searched and drawn Baar before: its search structures and tile cache hold the demo parcels.
    expect((await search(b, viewer, 'CH170100000002')).hits.total.value).toBe(0);
    const before = await tileParcelIds(b, viewer, 8.53033, 47.19521);
    expect(before).not.toContain('CH170100000001');

    const survey = path.join(cluster.dataDir, 'baar.gpkg');
    writeGeoPackage(survey, baarRows);
    const { payload, headers } = multipartBody([
      {
        field: 'file',
        filename: 'baar.gpkg',
        contentType: 'application/geopackage+sqlite3',
        content: fs.readFileSync(survey),
      },
    ]);
    const upload = await fetch(`${a.url}/v1/secure/file-items/cadastre/upload`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${adminToken}` },
      body: new Uint8Array(payload),
    });
    expect(upload.status).toBe(200);

    expect(
      await eventually(async () => (await search(b, viewer, 'CH170100000002')).hits.total.value === 1),
    ).toBe(true);
    expect(await tileParcelIds(b, viewer, 8.53033, 47.19521)).toEqual(
      expect.arrayContaining(['CH170100000001', 'CH170100000002', 'CH170100000003']),
    );
  }, 120_000);

  it('survives a database restart: its connections are made again on the next request', async () => {
    await createUser('restart@example.ch');
    const { main } = await logIn(a, 'restart@example.ch');
    expect(await terminateInstanceConnections()).toBeGreaterThanOrEqual(2);
    expect((await call(a, 'GET', '/v1/secure/subscriptions', main)).status).toBe(200);
    expect((await call(b, 'GET', '/v1/secure/subscriptions', main)).status).toBe(200);
    expect((await search(b, main, 'Baar')).hits.total.value).toBeGreaterThan(0);
  }, 60_000);

  it('answers 503 with a clear message while the database refuses connections, and recovers after', async () => {
    await createUser('outage@example.ch');
    const { main } = await logIn(b, 'outage@example.ch');
    const server = await connectPostgres(`${testPostgresServer()}/postgres`);
    const name = database.url.split('/').pop() as string;
    try {
      await server.exec(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await terminateInstanceConnections();
      const down = await call(a, 'GET', '/v1/secure/subscriptions', main);
      expect(down).toEqual({
        status: 503,
        body: { error: true, requestId: expect.any(String), message: DATABASE_UNAVAILABLE_MESSAGE },
      });
    } finally {
      await server.exec(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await server.close();
    }
    expect((await call(a, 'GET', '/v1/secure/subscriptions', main)).status).toBe(200);
    // Both processes are still the ones started: nothing crashed.
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
  }, 60_000);
});

afterAll(() => {
  // A failed run leaves the instances' last lines in the report.
  for (const instance of cluster?.instances ?? [])
    if (/"level":(50|60)/.test(instance.output()))
      process.stdout.write(`${instance.name}:\n${instance.output()}\n`);
});
