import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { TILE_BUFFER } from '../../server/services/tiles/writeMvt';
import { tileBox } from '../../server/geo/projection';
import { parcelWhere } from '../../server/store/contract/parcels/parcelWhere';
import type { ParcelQuery } from '../../server/store/contract/parcels/ParcelQuery';

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
    expect(Object.keys(feature.properties).sort()).toEqual([
      'PRC_ID',
      'PRC_IND',
      'PRC_NO',
      'PRC_TYP',
      'RESERVE',
    ]);
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

  it('maps/tile: the same parcels as the search filters select in SQL, for every kind of filter', async () => {
    const z14 = tileAt(firstParcel[0], firstParcel[1], 14);
    const box = tileBox(14, z14.x, z14.y);
    const street = t.db
      .prepare('SELECT street FROM parcels WHERE street IS NOT NULL ORDER BY id LIMIT 1')
      .pluck()
      .get();
    const houseNo = t.db
      .prepare('SELECT house_no FROM parcels WHERE house_no IS NOT NULL ORDER BY id LIMIT 1')
      .pluck()
      .get();
    const cases: [string, ParcelQuery][] = [
      ['', {}],
      ['&CANTON=ZG', { canton: 'ZG' }],
      ['&LOCNAME=Baar', { locnames: ['Baar'] }],
      ['&searchQuery=Baar', { text: 'Baar' }],
      [`&searchQuery=${encodeURIComponent(String(street))}`, { text: String(street) }],
      [`&searchQuery=${encodeURIComponent(String(houseNo))}`, { text: String(houseNo) }],
      ['&GRN_RAD_from=5&GRN_RAD_to=40&PRC_IND=Standard', { radon: { from: 5, to: 40 }, excludeRoads: true }],
      ['&OBJECT_OPTIONS=With&searchQuery=Baar', { objects: 'With', text: 'Baar' }],
    ];
    for (const [q, query] of cases) {
      const res = await t.app.inject({ url: `/v1/secure/maps/tile?x=${z14.x}&y=${z14.y}&z=14${q}`, headers });
      const layer = decode(res.rawPayload).layers.parcels;
      const shown = new Set<string>();
      for (let i = 0; i < (layer?.length ?? 0); i++) shown.add(String(layer!.feature(i).properties.PRC_ID));
      // The oracle: the filters as SQL conditions over the tile box's parcels.
      const where = parcelWhere(query);
      const expected = t.db
        .prepare(
          `SELECT p.prc_id FROM parcels_rtree r JOIN parcels p ON p.id = r.id
           WHERE r.min_x <= ? AND r.max_x >= ? AND r.min_y <= ? AND r.max_y >= ?
           ${where.conditions.map((c) => `AND ${c}`).join(' ')}`,
        )
        .pluck()
        .all(box.maxX, box.minX, box.maxY, box.minY, ...where.params) as string[];
      expect(expected.length).toBeGreaterThan(0);
      expect({ q, ids: [...shown].sort() }).toEqual({ q, ids: expected.sort() });
    }
  });

  it('serves unsearched tiles from the tile cache with an ETag, 304 on a match, and drops them on a new dataset build', async () => {
    const url = `/v1/secure/maps/all-around?x=${tile.x}&y=${tile.y}&z=15`;
    const first = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const dataset = t.db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get() as string;
    const stored = t.db
      .prepare('SELECT gzip FROM tile_cache WHERE dataset = ? AND key = ?')
      .pluck()
      .get(dataset, `around/15/${tile.x}/${tile.y}`) as Buffer;
    expect(Buffer.compare(stored, first.rawPayload)).toBe(0);

    const again = await t.app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plain = await t.app.inject({ url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(plain.rawPayload, zlib.gunzipSync(first.rawPayload))).toBe(0);

    // A rebuilt dataset gets a new build id: the old build's tiles are dropped, new ones stored.
    t.db.prepare("UPDATE meta SET value = ? WHERE key = 'dataset'").run(`${dataset}-rebuilt`);
    try {
      await t.app.inject({ url, headers });
      const datasets = t.db.prepare('SELECT DISTINCT dataset FROM tile_cache').pluck().all();
      expect(datasets).toEqual([`${dataset}-rebuilt`]);
    } finally {
      t.db.prepare("UPDATE meta SET value = ? WHERE key = 'dataset'").run(dataset);
    }
  });

  it('maps/objects: buildings with OBJ_TYP and OBJ_PRO from z15; 204 below', async () => {
    const res = await t.app.inject({ url: `/v1/secure/maps/objects?x=${tile.x}&y=${tile.y}&z=15`, headers });
    const layer = decode(res.rawPayload).layers.objects;
    expect(layer.length).toBeGreaterThan(0);
    expect(Object.keys(layer.feature(0).properties).sort()).toEqual([
      'HEIGHT',
      'OBJ_ID',
      'OBJ_PRO',
      'OBJ_TYP',
      'SOLAR',
    ]);
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
