import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { TILE_BUFFER } from '../../server/services/tiles/writeMvt';

let t: TestApp;
let headers: { authorization: string };
let tile: { x: number; y: number };
let firstParcel: [number, number];

/** The z-level tile containing a WGS84 point. */
function tileAt(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { x, y };
}

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  headers = (await signIn(t.app)).headers;
  const p = t.db.prepare('SELECT lon, lat FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1').get() as {
    lon: number;
    lat: number;
  };
  firstParcel = [p.lon, p.lat];
  tile = tileAt(p.lon, p.lat, 15);
}, 60_000);
afterAll(async () => t.close());

const decode = (raw: Buffer) => new VectorTile(new Pbf(raw));

describe('vector tiles', () => {
  it('maps/all-around: an MVT with a parcels "around" layer and small attributes', async () => {
    const res = await t.app.inject({
      url: `/v1/secure/maps/all-around?x=${tile.x}&y=${tile.y}&z=15`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['cache-control']).toMatch(/max-age/);
    const vt = decode(res.rawPayload);
    const layer = vt.layers.around;
    expect(layer.length).toBeGreaterThan(0);
    const feature = layer.feature(0);
    expect(feature.type).toBe(3);
    expect(Object.keys(feature.properties).sort()).toEqual(['PRC_ID', 'PRC_IND', 'PRC_NO', 'PRC_TYP']);
    expect(String(feature.properties.PRC_ID)).toMatch(/^CH\d{12}$/);
  });

  it('clips z14 parcels to the tile buffer: no coordinate beyond what MapLibre accepts', async () => {
    const z14 = tileAt(firstParcel[0], firstParcel[1], 14);
    const res = await t.app.inject({ url: `/v1/secure/maps/all-around?x=${z14.x}&y=${z14.y}&z=14`, headers });
    const layer = decode(res.rawPayload).layers.around;
    expect(layer.length).toBeGreaterThan(0);
    for (let i = 0; i < layer.length; i++) {
      for (const p of layer.feature(i).loadGeometry().flat()) {
        expect(Math.max(Math.abs(p.x - 2048), Math.abs(p.y - 2048))).toBeLessThanOrEqual(2048 + TILE_BUFFER);
      }
    }
  });

  it('maps/tile: only parcels matching the search filters, gzip when accepted', async () => {
    const url = (q: string) => `/v1/secure/maps/tile?x=${tile.x}&y=${tile.y}&z=15${q}`;
    const all = decode((await t.app.inject({ url: url(''), headers })).rawPayload).layers.parcels;
    const gz = await t.app.inject({
      url: url('&PRC_IND=Standard'),
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const standard = decode(zlib.gunzipSync(gz.rawPayload)).layers.parcels;
    expect(standard.length).toBeLessThanOrEqual(all.length);
    for (let i = 0; i < standard.length; i++) expect(standard.feature(i).properties.PRC_IND).toBe('Standard');
    const none = await t.app.inject({ url: url('&PRC_ID=CH000000000000'), headers });
    expect(none.statusCode).toBe(200);
    expect(decode(none.rawPayload).layers.parcels).toBeUndefined();
  });

  it('maps/objects: buildings with OBJ_TYP and OBJ_PRO from z15; 204 below', async () => {
    const res = await t.app.inject({ url: `/v1/secure/maps/objects?x=${tile.x}&y=${tile.y}&z=15`, headers });
    const layer = decode(res.rawPayload).layers.objects;
    expect(layer.length).toBeGreaterThan(0);
    expect(Object.keys(layer.feature(0).properties).sort()).toEqual(['HEIGHT', 'OBJ_ID', 'OBJ_PRO', 'OBJ_TYP', 'SOLAR']);
    const z14 = tileAt(8.5, 47.17, 14);
    const low = await t.app.inject({ url: `/v1/secure/maps/objects?x=${z14.x}&y=${z14.y}&z=14`, headers });
    expect(low.statusCode).toBe(204);
  });

  it('answers 204 (empty tile) for parcel zooms below 14', async () => {
    const z13 = tileAt(8.5, 47.17, 13);
    const res = await t.app.inject({ url: `/v1/secure/maps/tile?x=${z13.x}&y=${z13.y}&z=13`, headers });
    expect(res.statusCode).toBe(204);
    expect(res.rawPayload.length).toBe(0);
  });

  it('rejects bad tile coordinates and missing tokens', async () => {
    expect((await t.app.inject({ url: '/v1/secure/maps/tile?x=1&y=1', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/secure/maps/tile?x=99999&y=1&z=14', headers })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ url: `/v1/secure/maps/tile?x=${tile.x}&y=${tile.y}&z=15` })).statusCode,
    ).toBe(401);
  });
});
