/**
 * Tiles are rendered in worker threads (WORKERS, ADR 019), each with its own read-only connection, and
 * come out byte for byte as the in-process renderer makes them. A real server process (started with tsx,
 * as `npm start` does) with two workers against a copy of the test dataset.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { tileAt } from '../../server/geo/projection';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { renderTile } from '../../server/services/tiles/TileService';
import { parseSearchQuery } from '../../server/services/search/parseSearchQuery';
import { buildTestDataset } from './helpers/buildTestDataset';
import { freePort } from './helpers/freePort';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { seedMapUserToken, startServerProcess } from '../../scripts/serverProcess';
import { BACKGROUND_NICE } from '../../server/workers/backgroundThreadPriority';
import { threadNiceValues } from './helpers/threadNiceValues';

const JWT_SECRET = 'tile-workers-test-secret-0123456789abcdef';

let dataDir: string;
let server: ChildProcess;
let baseUrl: string;
let token: string;
let centre: { lon: number; lat: number };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-workers-'));
  const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
  buildTestDataset(db);
  centre = db.prepare('SELECT lon, lat FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1').get() as {
    lon: number;
    lat: number;
  };
  token = await seedMapUserToken(sqliteStorage(db), JWT_SECRET, 'tiles@example.ch');
  db.close();
  const started = await startServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    JWT_SECRET,
    WORKERS: '2',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'test',
  });
  server = started.child;
  baseUrl = started.origin;
}, 60_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function fetchTile(route: string, z: number, extra = ''): Promise<Buffer> {
  const { x, y } = tileAt(centre.lon, centre.lat, z);
  const response = await fetch(`${baseUrl}/v1/secure/maps/${route}?x=${x}&y=${y}&z=${z}${extra}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('tile worker threads (WORKERS=2)', () => {
  it('serve every tile kind, searched or not, exactly as the in-process renderer draws it', async () => {
    const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
    const parcels = createSqliteStores(db).parcels;
    try {
      const cases = [
        { route: 'all-around', kind: 'around', z: 15, extra: '' },
        { route: 'objects', kind: 'objects', z: 16, extra: '' },
        { route: 'tile', kind: 'parcels', z: 14, extra: '&CANTON=ZG&PRC_IND=Standard' },
        { route: 'tile', kind: 'parcels', z: 15, extra: '&searchQuery=Baar' },
      ] as const;
      // Many at once: both workers busy, answers matched to their requests.
      const served = await Promise.all(cases.map((c) => fetchTile(c.route, c.z, c.extra)));
      for (const [i, c] of cases.entries()) {
        const { x, y } = tileAt(centre.lon, centre.lat, c.z);
        const query =
          c.kind === 'parcels' ? parseSearchQuery(Object.fromEntries(new URLSearchParams(c.extra))) : null;
        const expected = await renderTile(parcels, { kind: c.kind, z: c.z, x, y, query });
        expect(expected!.byteLength).toBeGreaterThan(0);
        expect(Buffer.compare(served[i], Buffer.from(expected!))).toBe(0);
      }
    } finally {
      db.close();
    }
  });

  it('render below the event loop’s priority (nice 10), the server’s main thread left at its own', async () => {
    await fetchTile('objects', 16);
    const nice = threadNiceValues(server.pid!);
    expect(nice.get(server.pid!)).toBe(0);
    // The two tile workers and the search worker.
    expect([...nice.values()].filter((value) => value === BACKGROUND_NICE).length).toBeGreaterThanOrEqual(3);
  });

  it('gzips in the worker and tags the tile; the same tile again is a 304', async () => {
    const { x, y } = tileAt(centre.lon, centre.lat, 15);
    const url = `${baseUrl}/v1/secure/maps/all-around?x=${x}&y=${y}&z=15`;
    const first = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});
