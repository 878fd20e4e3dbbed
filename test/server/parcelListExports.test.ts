import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ParcelListSummary } from '../../src/contract/ParcelLists';
import { DXF_LAYERS } from '../../server/services/reports/dxf/lv95Drawing';
import { subscribeWithFullViews } from './ogc/ogcFixture';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
let anna: SignedIn;
let list: ParcelListSummary;
/** One parcel of each municipality of the test dataset (Baar, Cham, Hünenberg). */
let prcIds: string[];

const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = anna.headers) =>
  t.app.inject({ method, url: `/v1/secure/${url}`, headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  prcIds = t.db
    .prepare('SELECT min(prc_id) FROM parcels GROUP BY mun_bfs ORDER BY mun_bfs')
    .pluck()
    .all() as string[];
  anna = await signIn(t.app, { name: 'Anna Ämmänn' });
  subscribeWithFullViews(t, anna.user.id, 100);
  list = (await call('POST', 'lists', { name: 'Bauland Zug / Süd' })).json<ParcelListSummary>();
  for (const prcId of prcIds) await call('POST', `lists/${list.id}/items`, { prcId });
  await call('POST', `lists/${list.id}/items/${prcIds[0]}`, { status: 'offer' });
  await call('POST', `lists/${list.id}/items/${prcIds[1]}`, { status: 'dropped' });
}, 120_000);
afterAll(() => t.close());

/** Exports the list in `format` (German), writes the file and returns its path. */
async function exported(format: string, extension = format): Promise<string> {
  const response = await call('GET', `lists/${list.id}/export/${format}`, undefined, {
    ...anna.headers,
    langcode: 'de',
  } as typeof anna.headers);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(
      `attachment; filename="Bauland-Zug-S_d-\\d{4}-\\d\\d-\\d\\d\\.${extension}"; filename\\*=UTF-8''Bauland-Zug-S%C3%BCd-`,
    ),
  );
  const file = path.join(t.dataDir, `export.${extension}`);
  fs.writeFileSync(file, response.rawPayload);
  return file;
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
};

/** The features of any vector file as GDAL reads them, through ogr2ogr's GeoJSON writer. */
const gdalFeatures = (file: string) =>
  (
    JSON.parse(run('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file])) as {
      features: { properties: Record<string, string | number | null>; geometry: { type: string } | null }[];
    }
  ).features;

type Attributes = Record<string, string | number | null>;
const byParcel = (features: { properties: Attributes }[]): Record<string, Attributes> =>
  Object.fromEntries(features.map((f) => [String(f.properties.PRC_ID), f.properties]));

describe('bulk export of a list, read back by independent readers', () => {
  it('GeoPackage: every parcel in EPSG:2056 with its attributes and list status (ogrinfo)', async () => {
    const file = await exported('gpkg');
    const summary = run('ogrinfo', ['-so', file, 'parcels']);
    expect(summary).toMatch(/Geometry: Multi Polygon/);
    expect(summary).toMatch(/Feature Count: 3/);
    expect(summary).toMatch(/ID\["EPSG",2056\]|AUTHORITY\["EPSG","2056"\]/);
    expect(summary).toMatch(/LIST_STATUS: String/);
    expect(summary).toMatch(/PRC_SUR: Real/);
    const features = byParcel(gdalFeatures(file));
    expect(features[prcIds[0]]).toMatchObject({ LIST_STATUS: 'Angebot', LIST_STATUS_KEY: 'offer' });
    expect(features[prcIds[1]]).toMatchObject({ LIST_STATUS: 'Verworfen', ADDED_BY: 'Anna Ämmänn' });
    expect(Object.values(features).map((f) => f.LOCNAME)).toContain('Hünenberg');
    // LV95 metres, not degrees.
    const extent = /Extent: \((\d+\.\d+), (\d+\.\d+)\)/.exec(summary)!;
    expect(Number(extent[1])).toBeGreaterThan(2_600_000);
    expect(Number(extent[2])).toBeGreaterThan(1_200_000);
  });

  it('GeoJSON: every parcel in WGS84 with its attributes (ogrinfo)', async () => {
    const file = await exported('geojson');
    const summary = run('ogrinfo', ['-so', '-al', file]);
    expect(summary).toMatch(/Feature Count: 3/);
    expect(summary).toMatch(/WGS 84/);
    const features = gdalFeatures(file);
    expect(features.every((f) => f.geometry?.type === 'MultiPolygon')).toBe(true);
    expect(byParcel(features)[prcIds[2]]).toMatchObject({ LIST_STATUS: 'Neu', NOTES: 0 });
  });

  it('XLSX: a sheet with a header row and one row per parcel, numbers as numbers (GDAL, not exceljs)', async () => {
    const file = await exported('xlsx');
    const rows = gdalFeatures(file);
    expect(rows).toHaveLength(3);
    const parcels = byParcel(rows);
    expect(parcels[prcIds[0]]).toMatchObject({ LIST_STATUS: 'Angebot' });
    expect(typeof parcels[prcIds[0]].PRC_SUR).toBe('number');
    expect(Object.values(parcels).map((p) => p.LOCNAME)).toContain('Hünenberg');
  });

  it('CSV: UTF-8 with a BOM, semicolons, umlauts intact (csv-parse)', async () => {
    const bytes = fs.readFileSync(await exported('csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(bytes, { bom: true, columns: true, delimiter: ';' }) as Record<string, string>[];
    expect(records).toHaveLength(3);
    expect(records.map((r) => r.PRC_ID).sort()).toEqual([...prcIds].sort());
    expect(records.map((r) => r.LOCNAME)).toContain('Hünenberg');
    expect(records.find((r) => r.PRC_ID === prcIds[1])).toMatchObject({
      LIST_STATUS: 'Verworfen',
      ADDED_BY: 'Anna Ämmänn',
    });
  });

  it('DXF: every parcel a closed polyline on the survey parcel layer with its number (ezdxf)', async () => {
    const file = await exported('dxf');
    const read = JSON.parse(
      run('/usr/bin/python3', [
        '-c',
        `import json, sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
msp = doc.modelspace()
print(json.dumps({
  'errors': len(doc.audit().errors),
  'closed': [e.closed for e in msp.query('LWPOLYLINE[layer=="${DXF_LAYERS.parcel.name}"]')],
  'numbers': [t.dxf.text for t in msp.query('TEXT[layer=="${DXF_LAYERS.parcelNumbers.name}"]')],
}))`,
        file,
      ]),
    ) as { errors: number; closed: boolean[]; numbers: string[] };
    expect(read.errors).toBe(0);
    expect(read.closed.length).toBeGreaterThanOrEqual(3);
    expect(read.closed.every(Boolean)).toBe(true);
    const numbers = t.db
      .prepare(`SELECT prc_no FROM parcels WHERE prc_id IN (?, ?, ?)`)
      .pluck()
      .all(...prcIds) as string[];
    expect(read.numbers.sort()).toEqual(numbers.sort());
  });

  it('counts each parcel once per period as a full view, and refuses all when the plan has too few', async () => {
    const ben = await signIn(t.app, { name: 'Ben' });
    subscribeWithFullViews(t, ben.user.id, 2);
    const small = (await call('POST', 'lists', { name: 'Klein' }, ben.headers)).json<ParcelListSummary>();
    for (const prcId of prcIds) await call('POST', `lists/${small.id}/items`, { prcId }, ben.headers);
    const refused = await call('GET', `lists/${small.id}/export/csv`, undefined, ben.headers);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: true, errorCode: 'LIMIT_REACHED_FULL_VIEW' });
    const usage = async (userId: string) => (await t.app.ctx.subscriptions.current(userId))?.usage.full_view;
    expect(await usage(ben.user.id)).toBe(0);
    // Anna's five exports above counted her three parcels once.
    expect(await usage(anna.user.id)).toBe(3);
  });
});
