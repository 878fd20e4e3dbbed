/**
 * Vector tiles for GIS clients: TileJSON per tileset, z/x/y tiles behind a key of the tiles scope, the
 * daily fair-use cap, and a style per layer with the app's colours.
 */
import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { API_TILE_FAIR_USE_PER_DAY } from '../../../src/contract/ApiKeys';
import { PALETTE } from '../../../src/theme/palette';
import { lonLatToMercator } from '../../../server/geo/projection';
import { buildTestDataset } from '../helpers/buildTestDataset';
import { createTestApp, type TestApp } from '../helpers/createTestApp';
import { createKey, keyHolder } from './ogcFixture';

let t: TestApp;
let holder: Awaited<ReturnType<typeof keyHolder>>;
let tile: { z: number; x: number; y: number };

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  holder = await keyHolder(t);
  const { lon, lat } = t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as {
    lon: number;
    lat: number;
  };
  const [mx, my] = lonLatToMercator(lon, lat);
  const z = 16;
  const size = (2 * Math.PI * 6378137) / 2 ** z;
  tile = {
    z,
    x: Math.floor((mx + Math.PI * 6378137) / size),
    y: Math.floor((Math.PI * 6378137 - my) / size),
  };
}, 60_000);
afterAll(async () => t.close());

const tileUrl = (set: string) => `/ogc/tiles/${set}/${tile.z}/${tile.x}/${tile.y}.pbf`;

describe('OGC API vector tiles', () => {
  it('describes each tileset as TileJSON 3.0.0 with its layer and zooms', async () => {
    const list = (await t.app.inject({ url: '/ogc/tiles' })).json<{ tilesets: { id: string }[] }>();
    expect(list.tilesets.map((s) => s.id)).toEqual(expect.arrayContaining(['parcels', 'buildings', 'radon']));
    const json = (await t.app.inject({ url: '/ogc/tiles/parcels/tiles.json' })).json();
    expect(json).toMatchObject({ tilejson: '3.0.0', minzoom: 14, vector_layers: [{ id: 'around' }] });
    expect(json.tiles[0]).toMatch(/\/ogc\/tiles\/parcels\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
    expect((await t.app.inject({ url: '/ogc/tiles/nothing/tiles.json' })).statusCode).toBe(404);
  });

  it('serves a tile to a key of the tiles scope only', async () => {
    const response = await t.app.inject({ url: tileUrl('parcels'), headers: holder.bearer });
    expect(response.statusCode).toBe(200);
    const raw =
      response.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(response.rawPayload)
        : response.rawPayload;
    const layer = new VectorTile(new Pbf(raw)).layers.around;
    expect(layer.length).toBeGreaterThan(0);
    expect(layer.feature(0).properties).toHaveProperty('PRC_ID');

    expect((await t.app.inject({ url: tileUrl('parcels') })).statusCode).toBe(401);
    const featuresOnly = await createKey(t, holder.session, ['features']);
    const refused = await t.app.inject({
      url: tileUrl('parcels'),
      headers: { authorization: `Bearer ${featuresOnly.secret}` },
    });
    expect(refused.statusCode).toBe(403);
    for (const bad of [
      '/ogc/tiles/parcels/16/1/abc',
      '/ogc/tiles/parcels/99/1/1.pbf',
      '/ogc/tiles/parcels/2/9/1.pbf',
    ])
      expect((await t.app.inject({ url: bad, headers: holder.bearer })).statusCode).toBe(400);
  });

  it('refuses tiles beyond the daily fair-use cap with 429 and Retry-After', async () => {
    const capped = await createKey(t, holder.session, ['tiles']);
    const now = Date.now();
    t.db
      .prepare(
        'INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at) VALUES (?, ?, ?, ?, 0, ?)',
      )
      .run('apiKeyTiles', capped.key.id, API_TILE_FAIR_USE_PER_DAY, now, now + 86_400_000);
    const response = await t.app.inject({
      url: tileUrl('buildings'),
      headers: { authorization: `Bearer ${capped.secret}` },
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a style per tileset in the app’s colours and legend', async () => {
    const parcels = (await t.app.inject({ url: '/ogc/styles/parcels.json' })).json();
    expect(parcels.version).toBe(8);
    expect(parcels.sources.parcels.url).toMatch(/\/ogc\/tiles\/parcels\/tiles\.json$/);
    expect(parcels.layers.every((layer: { source: string }) => layer.source === 'parcels')).toBe(true);
    const radon = (await t.app.inject({ url: '/ogc/styles/radon.json' })).json();
    expect(JSON.stringify(radon.layers)).toContain('#c0392b');
    expect(radon.metadata['parcel-atlas:legend'].items.length).toBeGreaterThan(0);
    const buildings = (await t.app.inject({ url: '/ogc/styles/buildings.json' })).json();
    expect(JSON.stringify(buildings.layers)).toContain('#e07b39');
    expect(JSON.stringify(parcels)).not.toContain(PALETTE.secondary);
    expect((await t.app.inject({ url: '/ogc/styles/../../etc.json' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });
});
