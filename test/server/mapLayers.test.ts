import zlib from 'node:zlib';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { DATA_LAYER_MIN_ZOOM, BASE_LABELS_LAYER, type DataLayerId } from '../../src/contract/MapLayers';
import type { Parcel } from '../../src/contract/Parcel';
import { radonClass } from '../../src/contract/ParcelVocabulary';
import { lonLatToMercator, tileBox } from '../../server/geo/projection';
import { decodeGeometry } from '../../server/store/contract/parcels/geometryCodec';
import { createSqliteParcelRepository } from '../../server/store/sqlite/parcels/createSqliteParcelRepository';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  headers = (await signIn(t.app)).headers;
}, 60_000);
afterAll(async () => t.close());

/** The tile z/x/y containing a mercator point, and the point in that tile's units. */
function tileOf([mx, my]: [number, number], z: number) {
  const half = Math.PI * 6378137;
  const size = (2 * half) / 2 ** z;
  const x = Math.floor((mx + half) / size);
  const y = Math.floor((half - my) / size);
  const box = tileBox(z, x, y);
  return { x, y, z, px: ((mx - box.minX) / size) * 4096, py: ((box.maxY - my) / size) * 4096 };
}

async function layerTile(layer: string, z: number, x: number, y: number, extra: Record<string, string> = {}) {
  return t.app.inject({
    url: `/v1/secure/maps/layers/${layer}?z=${z}&x=${x}&y=${y}`,
    headers: { ...headers, ...extra },
  });
}

const decode = (raw: Buffer) => new VectorTile(new Pbf(raw));

/** Even-odd over all rings: inside the exterior and outside its holes. */
function contains(feature: VectorTileFeature, px: number, py: number): boolean {
  let inside = false;
  for (const ring of feature.loadGeometry()) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i];
      const b = ring[j];
      if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
  }
  return inside;
}

/** The first stored feature of a layer: where the test looks for it. */
function someFeature(layer: string): [number, number] {
  const row = t.db
    .prepare('SELECT geom FROM layer_features WHERE layer = ? ORDER BY id LIMIT 1')
    .get(layer) as { geom: Uint8Array } | undefined;
  if (!row) throw new Error(`the test dataset has no ${layer} feature`);
  const [first] = decodeGeometry(row.geom);
  return first[0];
}

describe('GET /v1/secure/maps/layers/{layer}', () => {
  it.each(Object.keys(DATA_LAYER_MIN_ZOOM))(
    '%s: a tile at its minimum zoom decodes with classed features',
    async (layer) => {
      const z = DATA_LAYER_MIN_ZOOM[layer as DataLayerId];
      const at = tileOf(someFeature(layer), Math.max(z, 14));
      const res = await layerTile(layer, at.z, at.x, at.y);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      const tileLayer = decode(res.rawPayload).layers[layer];
      expect(tileLayer.length).toBeGreaterThan(0);
      const feature = tileLayer.feature(0);
      expect(typeof feature.properties.class).toBe('string');
      expect(feature.type).toBe(z === 12 ? 3 : feature.type);
    },
  );

  it('areas from z12 are simplified, not missing: the z12 tile of a zone holds its areas', async () => {
    const at = tileOf(someFeature('bravo-zones'), 12);
    const res = await layerTile('bravo-zones', 12, at.x, at.y, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const zones = decode(zlib.gunzipSync(res.rawPayload)).layers['bravo-zones'];
    expect(zones.length).toBeGreaterThan(10);
  });

  it('the classes agree with the parcel detail at each parcel', async () => {
    const repository = createSqliteParcelRepository(t.db);
    const ids = t.db
      .prepare("SELECT prc_id FROM parcels WHERE typ = 'Eigentum' AND ind = 'Standard' ORDER BY id LIMIT 40")
      .pluck()
      .all() as string[];
    const expected: Record<string, (p: Parcel) => string | null> = {
      'alpha-zones': (p) => p.ALPHA_PRIS?.[0] ?? null,
      'bravo-zones': (p) => p.BRAVO_PRIS?.[0] ?? null,
      noise: (p) => p.OVL_NOI ?? null,
      radon: (p) => radonClass(p.GRN_RAD ?? 0),
      groundwater: (p) => (p.GRN_GWU === 'none' ? null : (p.GRN_GWU ?? null)),
      contamination: (p) => (p.GRN_CON === 'none' ? null : (p.GRN_CON ?? null)),
      floods: (p) => (['white', 'not assessed'].includes(p.HAZ_WAT ?? '') ? null : (p.HAZ_WAT ?? null)),
      landslides: (p) => (['white', 'not assessed'].includes(p.HAZ_SLI ?? '') ? null : (p.HAZ_SLI ?? null)),
    };
    let compared = 0;
    for (const id of ids) {
      const detail = repository.parcel(id);
      if (!detail) throw new Error(`parcel ${id} has no detail`);
      const { parcel } = detail;
      const at = tileOf(lonLatToMercator(...parcel.centroid.coordinates), 16);
      for (const [layer, value] of Object.entries(expected)) {
        const res = await layerTile(layer, 16, at.x, at.y);
        const tileLayer = res.rawPayload.length > 0 ? decode(res.rawPayload).layers[layer] : undefined;
        const classes: string[] = [];
        for (let i = 0; i < (tileLayer?.length ?? 0); i++) {
          const feature = (tileLayer as NonNullable<typeof tileLayer>).feature(i);
          if (contains(feature, at.px, at.py)) classes.push(String(feature.properties.class));
        }
        const want = value(parcel);
        expect({ id, layer, classes }).toEqual({ id, layer, classes: want === null ? [] : [want] });
        compared++;
      }
    }
    expect(compared).toBe(ids.length * Object.keys(expected).length);
  }, 60_000);

  it('heritage and fix points are labelled points from z14', async () => {
    for (const layer of ['heritage', 'fix-points'] as const) {
      const at = tileOf(someFeature(layer), 14);
      const tileLayer = decode((await layerTile(layer, 14, at.x, at.y)).rawPayload).layers[layer];
      const feature = tileLayer.feature(0);
      expect(feature.type).toBe(1);
      expect(String(feature.properties.label)).not.toBe('');
    }
  });

  it('base labels: named streets, parks and stations from z12', async () => {
    const at = tileOf(someFeature(BASE_LABELS_LAYER), 13);
    const tile = decode((await layerTile(BASE_LABELS_LAYER, 13, at.x, at.y)).rawPayload);
    expect(tile.layers.streets.length).toBeGreaterThan(0);
    expect(tile.layers.streets.feature(0).type).toBe(2);
    expect(String(tile.layers.streets.feature(0).properties.label)).toMatch(/\w/);
  });

  it('answers 204 below the minimum zoom, 404 for an unknown layer, 401 without a token, 400 for bad input', async () => {
    const at = tileOf(someFeature('heritage'), 13);
    expect((await layerTile('heritage', 13, at.x, at.y)).statusCode).toBe(204);
    expect((await layerTile('floods', 11, 0, 0)).statusCode).toBe(204);
    const unknown = await layerTile('volcanoes', 14, 0, 0);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: true });
    const anonymous = await t.app.inject({ url: '/v1/secure/maps/layers/radon?z=14&x=0&y=0' });
    expect(anonymous.statusCode).toBe(401);
    expect((await layerTile('radon', 14, 2 ** 14, 0)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/secure/maps/layers/radon?z=14&x=1', headers })).statusCode).toBe(
      400,
    );
  });
});
