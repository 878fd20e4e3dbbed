/**
 * The admin's cadastre upload on PostgreSQL, through the route of a real app process (server/main.ts
 * as `npm start` runs it, DATABASE_URL set), where the import runs on its worker thread with a PostgreSQL
 * writer of its own. postgresCadastreImport.test.ts covers the writer itself; this covers the way in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPostgresDataset } from '../../server/data/buildPostgresDataset';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { writeGeoPackage } from '../helpers/cadastreFiles';
import {
  BAAR,
  baarRows,
  brokenBaarRows,
  BROKEN_BAAR_FEATURE,
  BROKEN_BAAR_REASON,
} from '../helpers/baarSurvey';
import { startAppInstances, type AppInstances } from './helpers/appInstances';
import { createPostgresUser } from './helpers/postgresUsers';
import {
  createTestPostgresDatabase,
  SMALL_ZUG_DATASET,
  type TestPostgresDatabase,
} from './helpers/testPostgres';

const PASSWORD = 'Str0ng!Pass';

let database: TestPostgresDatabase;
let db: PostgresConnection;
let cluster: AppInstances;
let dir: string;
let base: string;
let adminToken: string;

const officialParcels = async () =>
  (await db.one<{ n: number }>("SELECT count(*)::int AS n FROM parcels WHERE origin = 'official'"))?.n;

/** An active account with a real password, written straight into the shared database. */
const createUser = (username: string, roles?: string[]) =>
  createPostgresUser(database.url, username, PASSWORD, roles);

async function signIn(username: string): Promise<string> {
  const post = async (url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { token: string };
  };
  const { token: sso } = await post('/api/user/login', { username, password: PASSWORD });
  return (await post('/api/ms-auth/login', undefined, sso)).token;
}

/** The upload as the admin screen sends it: multipart/form-data with the file in the field "file". */
function upload(file: string, token: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  return fetch(`${base}/v1/secure/file-items/cadastre/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  await buildPostgresDataset(database.url, SMALL_ZUG_DATASET);
  db = await connectPostgres(database.url);
  await createUser('admin@example.ch', ['MAPUSER', 'ADMIN']);
  await createUser('user@example.ch', ['MAPUSER']);
  cluster = await startAppInstances(database.url, 1);
  base = cluster.instances[0].url;
  adminToken = await signIn('admin@example.ch');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-pg-upload-'));
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.close();
  await database?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

it("imports an admin's GeoPackage into PostgreSQL: the reply names what it imported, and the search finds it", async () => {
  const file = path.join(dir, 'baar.gpkg');
  writeGeoPackage(file, baarRows);
  const response = await upload(file, adminToken);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    parcels: 3,
    municipalities: [{ bfs: BAAR, parcels: 3 }],
  });
  expect(await officialParcels()).toBe(3);
  // The running server sees the new build: its search finds the imported parcel, marked official.
  const search = await fetch(`${base}/v1/secure/maps/search?searchQuery=CH170100000002`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(search.status).toBe(200);
  const hits = ((await search.json()) as { hits: { hits: { _source: Record<string, unknown> }[] } }).hits
    .hits;
  expect(hits[0]?._source).toMatchObject({ PRC_ID: 'CH170100000002', PRC_SRC: 'official' });
}, 120_000);

it('refuses a broken file with the feature and the reason, and a map user with 403, changing nothing', async () => {
  const file = path.join(dir, 'broken.gpkg');
  writeGeoPackage(file, brokenBaarRows);
  const refused = await upload(file, adminToken);
  expect(refused.status).toBe(400);
  const body = (await refused.json()) as { message: string };
  expect(body.message).toMatch(/^Nothing imported\./);
  expect(body.message).toContain(`${BROKEN_BAAR_FEATURE}: ${BROKEN_BAAR_REASON}`);
  expect(await officialParcels()).toBe(3);

  const mapUser = await signIn('user@example.ch');
  expect((await upload(path.join(dir, 'baar.gpkg'), mapUser)).status).toBe(403);
  expect(await officialParcels()).toBe(3);
}, 120_000);
