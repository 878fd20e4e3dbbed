import zlib from 'node:zlib';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/http/compressReplies';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  authorization = (await signIn(t.app)).headers.authorization;
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
}, 60_000);
afterAll(async () => t.close());

const searchUrl = '/v1/secure/maps/advance-search?a=1&CANTON=ZG';

async function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { authorization, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
}

describe('compressed API replies', () => {
  it('sends a search page as brotli to a client that accepts it, with the same JSON inside', async () => {
    const plain = await get(searchUrl);
    const brotli = await get(searchUrl, 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const unpacked = zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8');
    expect(JSON.parse(unpacked)).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const res = await get(searchUrl, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8')).hits.hits).toHaveLength(12);
  });

  it('leaves small replies as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('does not compress vector tiles a second time: they go out as stored, gzipped', async () => {
    const { lon, lat } = t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as {
      lon: number;
      lat: number;
    };
    const z = 15;
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const r = (lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
    const res = await get(`/v1/secure/maps/all-around?x=${x}&y=${y}&z=${z}`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).length).toBeGreaterThan(0);
  });
});
