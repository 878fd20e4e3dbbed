import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Pbf from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { buildApp } from '../../server/app';
import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { loadBaseGeography } from '../../server/services/basemap/loadBaseGeography';
import { mercator } from '../../server/geo/projection';
describe('self-hosted base map tiles', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basemap-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, storage: sqliteStorage(openDatabase(path.join(dir, 't.sqlite'))) });
  });

  afterAll(async () => {
    await app.close();
  });

  function decode(body: Buffer): VectorTile {
    return new VectorTile(new Pbf(body));
  }

  it('serves cantons, lakes and canton labels at the start zoom without a token', async () => {
    // Zoom 7 tile 67/44 covers central Switzerland (Lucerne, Zug, Lake Lucerne).
    const response = await app.inject({ method: 'GET', url: '/tiles/base/7/67/44.pbf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    const tile = decode(response.rawPayload);
    expect(Object.keys(tile.layers)).toEqual(
      expect.arrayContaining(['country', 'cantons', 'lakes', 'labels']),
    );
    expect(tile.layers.municipalities).toBeUndefined();
    const labels = Array.from({ length: tile.layers.labels.length }, (_, i) => tile.layers.labels.feature(i));
    expect(labels.map((label) => label.properties.name)).toContain('Zug');
  });

  it('adds municipalities with their names from zoom 8', async () => {
    const tile = decode((await app.inject({ method: 'GET', url: '/tiles/base/10/536/359.pbf' })).rawPayload);
    const municipalities = tile.layers.municipalities;
    expect(municipalities.length).toBeGreaterThan(0);
    const names = Array.from(
      { length: municipalities.length },
      (_, i) => municipalities.feature(i).properties.name,
    );
    expect(names.every((name) => typeof name === 'string' && name !== '')).toBe(true);
  });

  /** Signed area of a decoded ring in tile units (positive for the outer rings MVT draws clockwise). */
  function ringArea(ring: { x: number; y: number }[]): number {
    let area = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1)
      area += ring[j].x * ring[i].y - ring[i].x * ring[j].y;
    return area / 2;
  }

  it('keeps every corner of the cantons a tile cuts: inside Switzerland they cover the tile exactly', async () => {
    // z10 tile 536/358 lies wholly in Switzerland (Zürich, Zug, Schwyz, Aargau); with the tile buffer the
    // cantons must cover (4096 + 2·64)² tile units. Losing the last corner of each cut ring left a grey
    // triangle and a straight chord across canton Zürich.
    const response = await app.inject({ method: 'GET', url: '/tiles/base/10/536/358.pbf' });
    const cantons = decode(response.rawPayload).layers.cantons;
    let covered = 0;
    for (let i = 0; i < cantons.length; i += 1)
      for (const ring of cantons.feature(i).loadGeometry()) covered += ringArea(ring);
    expect(covered).toBe((4096 + 2 * 64) ** 2);
  });

  it('answers an empty tile outside Switzerland', async () => {
    const response = await app.inject({ method: 'GET', url: '/tiles/base/7/10/10.pbf' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
  });

  it('refuses tile numbers outside the zoom level with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/tiles/base/2/9/1.pbf' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true });
    expect((await app.inject({ method: 'GET', url: '/tiles/base/x/1/1.pbf' })).statusCode).toBe(400);
  });

  it("serves the map engine's worker from our origin", async () => {
    const response = await app.inject({ method: 'GET', url: '/vendor/maplibre-gl-worker.mjs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toContain('MapLibre');
    const gzipped = await app.inject({
      method: 'GET',
      url: '/vendor/maplibre-gl-worker.mjs',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(response.body);
    const brotli = await app.inject({
      method: 'GET',
      url: '/vendor/maplibre-gl-worker.mjs',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(response.body);
    expect(brotli.rawPayload.length).toBeLessThan(gzipped.rawPayload.length);
  });
});

describe('the base map’s geography is the dataset’s', () => {
  const geography = loadSwissGeography();
  const base = loadBaseGeography({
    municipalityNames: () => new Map(geography.municipalities.map((m) => [m.bfs, m.name])),
  });

  it('draws each lake with the outline the parcels are clipped to (no gap along the shore)', () => {
    const lugano = geography.lakes.find((lake) => lake.name.startsWith('Lago di Lugano'));
    expect(lugano).toBeDefined();
    const drawn = base.find((f) => f.layer === 'lakes' && f.properties.id === lugano!.id);
    const rings =
      lugano!.geometry.type === 'Polygon' ? [lugano!.geometry.coordinates] : lugano!.geometry.coordinates;
    expect(drawn?.polygons).toEqual(
      rings.map((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => mercator(lon, lat)))),
    );
  });

  it('names every municipality, the ones merged after 2024 as the dataset names them', () => {
    const municipalities = base.filter((f) => f.layer === 'municipalities');
    expect(municipalities).toHaveLength(geography.municipalities.length);
    const labels = new Set(base.filter((f) => f.layer === 'labels').map((f) => f.properties.name));
    for (const m of geography.municipalities) expect(labels.has(m.name)).toBe(true);
  });
});
