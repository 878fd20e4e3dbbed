/**
 * Headless QGIS (Debian's PyQGIS 3.22, python3-qgis, installed by the test command when missing) loads both
 * connections of the QGIS guide with the key in its authentication database: the OGC API – Features layer
 * reads the same parcels as the API, the Vector Tiles layer draws the parcel tiles.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildTestDataset } from '../helpers/buildTestDataset';
import { createTestApp, type TestApp } from '../helpers/createTestApp';
import { keyHolder } from './ogcFixture';

const run = promisify(execFile);

let t: TestApp;
let base: string;
let secret: string;
let profile: string;

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/ogc`;
  ({ secret } = await keyHolder(t));
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qgis-profile-'));
}, 60_000);
afterAll(async () => {
  fs.rmSync(profile, { recursive: true, force: true });
  await t.close();
});

interface QgisReport {
  features_valid: boolean;
  fields: string[];
  parcel_ids: string[];
  tiles_valid: boolean;
  tiles_drawn_pixels: number;
}

it('loads the OGC API – Features and the Vector Tiles connections with the key', async () => {
  const { lon, lat } = t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as {
    lon: number;
    lat: number;
  };
  const box = [lon - 0.002, lat - 0.0015, lon + 0.002, lat + 0.0015];
  // QGIS 3.22 may crash on exit after printing its report: the report is what counts.
  const stdout = await run(
    '/usr/bin/python3',
    ['scripts/qgisConnections.py', base, secret, ...box.map(String)],
    {
      env: {
        ...process.env,
        QT_QPA_PLATFORM: 'offscreen',
        QGIS_AUTH_DB_DIR_PATH: profile,
        HOME: profile,
        XDG_RUNTIME_DIR: profile,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const report = JSON.parse(stdout.trim().split('\n').pop()!) as QgisReport;
  expect(report.features_valid).toBe(true);
  expect(report.fields).toEqual(expect.arrayContaining(['PRC_ID', 'PRC_NO', 'PRC_SUR', 'CANTON']));

  const api = await fetch(`${base}/collections/parcels/items?bbox=${box.join(',')}&limit=1000`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const ids = ((await api.json()) as { features: { id: string }[] }).features.map((f) => f.id);
  expect(ids.length).toBeGreaterThan(5);
  expect([...report.parcel_ids].sort()).toEqual([...ids].sort());

  expect(report.tiles_valid).toBe(true);
  expect(report.tiles_drawn_pixels).toBeGreaterThan(20);
}, 180_000);
