/**
 * The OGC API with real GIS clients: Debian's GDAL (gdal-bin, installed by the test command) lists the
 * collections with the OAPIF driver, reads parcels with the key in a header, copies a box of parcels to a
 * GeoPackage, and reads a vector tile found through the TileJSON with the MVT driver.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Parcel } from '../../../src/contract/Parcel';
import { lonLatToMercator } from '../../../server/geo/projection';
import { buildTestDataset } from '../helpers/buildTestDataset';
import { createTestApp, type TestApp } from '../helpers/createTestApp';
import { keyHolder } from './ogcFixture';

const run = promisify(execFile);

let t: TestApp;
let base: string;
let secret: string;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/ogc`;
  ({ secret } = await keyHolder(t));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ogc-gdal-'));
}, 60_000);
afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

/** A GDAL tool with the key in a header, as docs/use-parcel-atlas-in-qgis.md tells users to run it. */
async function gdal(tool: 'ogrinfo' | 'ogr2ogr', args: string[], key = secret) {
  const { stdout } = await run(
    tool,
    ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${key}`, ...args],
    {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, GDAL_HTTP_UNSAFESSL: 'NO', CPL_DEBUG: 'OFF' },
    },
  );
  return stdout;
}

interface ApiFeature {
  id: string;
  geometry: { type: string; coordinates: number[][][] };
  properties: Record<string, unknown>;
}

async function items(query: string): Promise<{ features: ApiFeature[]; numberMatched?: number }> {
  const response = await fetch(`${base}/collections/parcels/items?${query}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { features: ApiFeature[]; numberMatched?: number };
}

/** A box of ~300 m around the first parcel of the dataset (CRS84). */
function someBox(): [number, number, number, number] {
  const parcel = (t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as Parcel & {
    lon: number;
    lat: number;
  })!;
  return [parcel.lon - 0.002, parcel.lat - 0.0015, parcel.lon + 0.002, parcel.lat + 0.0015];
}

describe('GDAL reads the OGC API', () => {
  it('lists the collections with the OAPIF driver', async () => {
    const out = await gdal('ogrinfo', ['-ro', '-q', `OAPIF:${base}`]);
    expect(out).toMatch(/parcels/);
    expect(out).toMatch(/buildings/);
    expect(out).toMatch(/radon/);
  }, 60_000);

  it('reads the parcels of a box with the API’s count, CRS and attributes', async () => {
    const box = someBox();
    const api = await items(`bbox=${box.join(',')}&limit=1000`);
    expect(api.numberMatched).toBeGreaterThan(5);
    const out = await gdal('ogrinfo', [
      '-ro',
      '-so',
      `OAPIF:${base}`,
      'parcels',
      '-spat',
      ...box.map(String),
    ]);
    expect(out).toContain(`Feature Count: ${api.numberMatched}`);
    expect(out).toMatch(/WGS 84|CRS84/);
    for (const attribute of ['PRC_ID', 'PRC_NO', 'PRC_SUR', 'CANTON', 'LOCNAME'])
      expect(out).toMatch(new RegExp(`^${attribute}: `, 'm'));
  }, 60_000);

  it('copies a box of parcels to a GeoPackage whose features match the API’s', async () => {
    const box = someBox();
    const api = await items(`bbox=${box.join(',')}&limit=1000`);
    const gpkg = path.join(work, 'parcels.gpkg');
    await gdal('ogr2ogr', ['-f', 'GPKG', gpkg, `OAPIF:${base}`, 'parcels', '-spat', ...box.map(String)]);
    const geojson = path.join(work, 'parcels.geojson');
    await run('ogr2ogr', ['-f', 'GeoJSON', geojson, gpkg, 'parcels']);
    const copied = JSON.parse(fs.readFileSync(geojson, 'utf8')) as { features: ApiFeature[] };
    expect(copied.features).toHaveLength(api.features.length);
    const byId = new Map(copied.features.map((feature) => [String(feature.properties.PRC_ID), feature]));
    for (const feature of api.features) {
      const copy = byId.get(feature.id);
      expect(copy).toBeDefined();
      expect(copy!.properties).toMatchObject({
        PRC_NO: feature.properties.PRC_NO,
        PRC_SUR: feature.properties.PRC_SUR,
        CANTON: feature.properties.CANTON,
      });
      expect(copy!.geometry.coordinates[0].length).toBe(feature.geometry.coordinates[0].length);
      copy!.geometry.coordinates[0].forEach(([lon, lat], i) => {
        expect(lon).toBeCloseTo(feature.geometry.coordinates[0][i][0], 7);
        expect(lat).toBeCloseTo(feature.geometry.coordinates[0][i][1], 7);
      });
    }
  }, 120_000);

  it('reads a single building with the GeoJSON driver as the OAPIF driver lists it', async () => {
    const box = someBox();
    const listed = await gdal('ogrinfo', [
      '-ro',
      '-al',
      `OAPIF:${base}`,
      'buildings',
      '-spat',
      ...box.map(String),
    ]);
    const objId = /^\s*OBJ_ID \(String\) = (\d+)$/m.exec(listed)?.[1];
    expect(objId).toBeDefined();
    /** One feature of ogrinfo's -al output: its attribute and geometry lines, without the FID line. */
    const featureLines = (out: string) => {
      const start = out.search(new RegExp(`^\\s*OBJ_ID \\(String\\) = ${objId}$`, 'm'));
      const block = out.slice(start).split(/\n\s*\n|\nOGRFeature/)[0];
      return block
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /^(OBJ_|HEIGHT|SOLAR|POLYGON|MULTIPOLYGON)/.test(line));
    };
    const single = await gdal('ogrinfo', [
      '-ro',
      '-al',
      `GeoJSON:/vsicurl/${base}/collections/buildings/items/${objId}`,
    ]);
    expect(featureLines(single).length).toBe(6);
    expect(featureLines(single)).toEqual(featureLines(listed));
  }, 60_000);

  it('reads a parcel tile found through the TileJSON with the MVT driver', async () => {
    const tileJson = (await (await fetch(`${base}/tiles/parcels/tiles.json`)).json()) as {
      tiles: string[];
      minzoom: number;
      vector_layers: { id: string }[];
    };
    const [west, south, east, north] = someBox();
    const [mx, my] = lonLatToMercator((west + east) / 2, (south + north) / 2);
    const z = 16;
    const size = (2 * Math.PI * 6378137) / 2 ** z;
    const x = Math.floor((mx + Math.PI * 6378137) / size);
    const y = Math.floor((Math.PI * 6378137 - my) / size);
    const url = tileJson.tiles[0]
      .replace('{z}', String(z))
      .replace('{x}', String(x))
      .replace('{y}', String(y));
    const out = await gdal('ogrinfo', ['-ro', '-al', '-so', `MVT:/vsicurl/${url}`]);
    expect(out).toContain(`Layer name: ${tileJson.vector_layers[0].id}`);
    expect(out).toMatch(/Feature Count: [1-9]/);
    expect(out).toMatch(/PRC_ID/);
  }, 60_000);

  it('is refused with 401 for a revoked key', async () => {
    const holder = await keyHolder(t);
    await t.app.inject({
      method: 'POST',
      url: `/v1/secure/api-keys/${holder.key.id}/revoke`,
      headers: holder.session.headers,
    });
    await expect(
      gdal('ogrinfo', ['-ro', '-q', `OAPIF:${base}/collections/parcels`], holder.secret),
    ).rejects.toThrow(/401|revoked/);
  }, 60_000);
});
