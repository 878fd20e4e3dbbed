/**
 * Items pages are written as GeoJSON text (featureCollectionJson, parcelFeatureJson) instead of stringified
 * objects: the text must be what JSON.stringify gives (no other spacing or key order), each parcel the
 * bytes of its single item, and the page compressed at the route's fast levels (gzip 3, brotli 1).
 */
import zlib from 'node:zlib';
import type { TestApp } from '../helpers/createTestApp';
import { appWithDataset } from './ogcFixture';

let t: TestApp;
let bearer: { authorization: string };
beforeAll(async () => ({ t, bearer } = await appWithDataset()), 60_000);
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...bearer, ...headers } });

/** A body without its timeStamp (two requests are answered at different times). */
const timeless = (body: string) => body.replace(/"timeStamp":"[^"]+"/, '"timeStamp":""');

describe('OGC items pages as text', () => {
  it('writes a page as JSON.stringify writes it, each parcel byte for byte its single item, in both CRS', async () => {
    for (const crs of ['', '&crs=EPSG:2056']) {
      const page = await get(`/ogc/collections/parcels/items?CANTON=ZG&limit=40&offset=20${crs}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('application/geo+json; charset=utf-8');
      const parsed = page.json<{ features: { id: string }[] }>();
      expect(page.body).toBe(JSON.stringify(parsed));
      expect(Object.keys(parsed)).toEqual([
        'type',
        'features',
        'numberMatched',
        'numberReturned',
        'timeStamp',
        'links',
      ]);
      expect(parsed.features).toHaveLength(40);
      for (const feature of parsed.features.slice(0, 10)) {
        const single = await get(`/ogc/collections/parcels/items/${feature.id}?${crs.slice(1)}`);
        const { links: _links, ...item } = single.json<{ links: unknown }>();
        expect(JSON.stringify(feature)).toBe(JSON.stringify(item));
      }
    }
  });

  it('writes pages of a box, of buildings and of a layer as JSON.stringify writes them', async () => {
    const parcel = t.db
      .prepare('SELECT lon, lat FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1')
      .get() as { lon: number; lat: number };
    const box = [parcel.lon - 0.003, parcel.lat - 0.003, parcel.lon + 0.003, parcel.lat + 0.003].join(',');
    for (const url of [
      `/ogc/collections/parcels/items?bbox=${box}&limit=5`,
      `/ogc/collections/buildings/items?bbox=${box}&limit=5&crs=EPSG:2056`,
      '/ogc/collections/radon/items?limit=3',
      `/ogc/collections/parcels/items?bbox=0,0,0.001,0.001`,
    ]) {
      const page = await get(url);
      expect({ url, status: page.statusCode }).toEqual({ url, status: 200 });
      expect(page.body).toBe(JSON.stringify(page.json()));
    }
  });

  it('answers pages asked at once each with its own text: a page’s memory serves another once sent', async () => {
    const urls = [0, 40, 80, 120, 160, 200].map(
      (offset) => `/ogc/collections/parcels/items?CANTON=ZG&limit=40&offset=${offset}`,
    );
    const alone: string[] = [];
    for (const url of urls) alone.push(timeless((await get(url)).body));
    for (let round = 0; round < 3; round++) {
      const together = await Promise.all(
        urls.map((url, i) => get(url, i % 2 ? { 'accept-encoding': 'gzip' } : { 'accept-encoding': 'br' })),
      );
      const texts = together.map((page) =>
        timeless(
          (page.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(page.rawPayload)
            : zlib.brotliDecompressSync(page.rawPayload)
          ).toString('utf8'),
        ),
      );
      expect(texts).toEqual(alone);
    }
  });

  it('compresses a page with gzip level 3 and brotli quality 1, to the same text', async () => {
    const url = '/ogc/collections/parcels/items?CANTON=ZG&limit=200';
    const plain = timeless((await get(url)).body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const gunzipped = zlib.gunzipSync(gzip.rawPayload).toString('utf8');
    expect(timeless(gunzipped)).toBe(plain);
    // Deflate's output does not depend on how its input was split: the level is the one difference.
    expect(gzip.rawPayload.subarray(10)).toEqual(zlib.gzipSync(gunzipped, { level: 3 }).subarray(10));
    const brotli = await get(url, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const unpacked = zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8');
    expect(timeless(unpacked)).toBe(plain);
    const atQuality = (quality: number) =>
      zlib.brotliCompressSync(unpacked, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } })
        .length;
    expect(Math.abs(brotli.rawPayload.length - atQuality(1))).toBeLessThan(
      Math.abs(brotli.rawPayload.length - atQuality(4)),
    );
  });
});
