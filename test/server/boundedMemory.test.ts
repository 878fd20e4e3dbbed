/**
 * No request can make the server keep memory without bound. List filters are
 * one SQL parameter (the SQL text does not grow with the list), the prepared-statement cache and the
 * base-map tile cache are bounded, and base-map zooms beyond what exists are refused.
 */
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createSqliteParcelRepository } from '../../server/store/sqlite/parcels/createSqliteParcelRepository';
import { BASE_MAP_MAX_ZOOM, BaseMapTiles } from '../../server/services/basemap/BaseMapTiles';
import { loadBaseGeography } from '../../server/services/basemap/loadBaseGeography';
import { MAX_LIST_ITEMS } from '../../src/contract/SearchParameters';

let t: TestApp;
let headers: { authorization: string };
let streets: string[];
let tile: { x: number; y: number };

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  headers = (await signIn(t.app)).headers;
  streets = t.db
    .prepare('SELECT DISTINCT street FROM parcels WHERE street IS NOT NULL ORDER BY street')
    .pluck()
    .all() as string[];
  const p = t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as {
    lon: number;
    lat: number;
  };
  const n = 2 ** 15;
  const r = (p.lat * Math.PI) / 180;
  tile = {
    x: Math.floor(((p.lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}, 60_000);
afterAll(async () => t.close());

/** The distinct SQL texts the app prepares while `work` runs. */
async function preparedDuring(work: () => Promise<void>): Promise<Set<string>> {
  const seen = new Set<string>();
  const original = t.db.prepare.bind(t.db);
  const spy = jest.spyOn(t.db, 'prepare').mockImplementation((sql: string) => {
    seen.add(sql);
    return original(sql);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

describe('list filters are one parameter', () => {
  it('tile requests with growing STREET lists prepare one tile statement, not one per list length', async () => {
    const seen = await preparedDuring(async () => {
      for (let n = 1; n <= 40; n++) {
        const list = Array.from(
          { length: n },
          (_, i) => streets[i % streets.length] + (i >= streets.length ? i : ''),
        );
        const res = await t.app.inject({
          url: `/v1/secure/maps/tile?x=${tile.x}&y=${tile.y}&z=15&STREET=${encodeURIComponent(list.join(','))}`,
          headers,
        });
        expect([200, 204]).toContain(res.statusCode);
      }
    });
    const tileStatements = [...seen].filter((sql) => sql.includes('parcels_rtree'));
    expect(tileStatements.length).toBeLessThanOrEqual(1);
  });

  it('a list filter still selects exactly the parcels of its values', async () => {
    const two = streets.slice(0, 2);
    const res = await t.app.inject({
      url: `/v1/secure/maps/advance-search?STREET=${encodeURIComponent(two.join(','))}&size=100`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const expected = t.db
      .prepare('SELECT COUNT(*) FROM parcels WHERE street IN (?, ?)')
      .pluck()
      .get(...two) as number;
    expect(res.json().hits.total.value).toBe(expected);
  });

  it('street lookups with locname lists keep one SQL text', async () => {
    const seen = await preparedDuring(async () => {
      for (let n = 1; n <= 20; n++) {
        const names = Array.from({ length: n }, (_, i) => `Place${i}`).join(',');
        const res = await t.app.inject({ url: `/v1/secure/streets/?q=a&locname=${names}`, headers });
        expect(res.statusCode).toBe(200);
      }
    });
    expect([...seen].filter((sql) => sql.includes('FROM streets')).length).toBeLessThanOrEqual(1);
  });

  it(`refuses more than ${MAX_LIST_ITEMS} list values after splitting commas, with a clear message`, async () => {
    const list = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => `S${i}`).join(',');
    const res = await t.app.inject({
      url: `/v1/secure/maps/tile?x=${tile.x}&y=${tile.y}&z=15&STREET=${list}`,
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`STREET must not have more than ${MAX_LIST_ITEMS} values`);
  });
});

describe('the prepared-statement cache is bounded', () => {
  it('evicts the least recently used statement once full, and prepares it again when asked', () => {
    const repository = createSqliteParcelRepository(t.db, { maxStatements: 3 });
    const seen: string[] = [];
    const original = t.db.prepare.bind(t.db);
    const spy = jest.spyOn(t.db, 'prepare').mockImplementation((sql: string) => {
      seen.push(sql);
      return original(sql);
    });
    try {
      // Five text shapes (1 to 5 house numbers), then the first again.
      for (let n = 1; n <= 5; n++)
        repository.search(
          { text: Array.from({ length: n }, (_, i) => String(i + 1)).join(' ') },
          { page: 1, size: 1 },
        );
      const before = seen.filter((sql) => sql.includes('house_no')).length;
      repository.search({ text: '1' }, { page: 1, size: 1 });
      const after = seen.filter((sql) => sql.includes('house_no')).length;
      expect(before).toBe(5);
      expect(after).toBe(6);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('base-map tiles', () => {
  it(`refuses zooms beyond ${BASE_MAP_MAX_ZOOM}, where no more detail exists`, async () => {
    const ok = await t.app.inject({ url: `/tiles/base/${BASE_MAP_MAX_ZOOM}/536/359.pbf` });
    expect(ok.statusCode).toBe(200);
    const deeper = await t.app.inject({ url: `/tiles/base/${BASE_MAP_MAX_ZOOM + 1}/1072/718.pbf` });
    expect(deeper.statusCode).toBe(400);
    const deepest = await t.app.inject({ url: '/tiles/base/22/2195456/1470464.pbf' });
    expect(deepest.statusCode).toBe(400);
  });

  it('keeps the built tiles within the cache size', () => {
    const limit = 150_000;
    const tiles = new BaseMapTiles(loadBaseGeography(), limit);
    let built = 0;
    // Every z9 tile over Switzerland, then every z10 tile of its middle.
    for (let x = 264; x <= 270; x++) for (let y = 178; y <= 182; y++) built += tiles.tile(9, x, y).length;
    for (let x = 532; x <= 540; x++) for (let y = 356; y <= 362; y++) built += tiles.tile(10, x, y).length;
    expect(built).toBeGreaterThan(limit);
    expect(tiles.cachedBytes).toBeGreaterThan(0);
    expect(tiles.cachedBytes).toBeLessThanOrEqual(limit);
  });
});
