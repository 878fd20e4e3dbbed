import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { createSearchExports, SEARCH_EXPORT_CAP } from '../../server/services/exports/SearchExports';
import { subscribeWithFullViews } from './ogc/ogcFixture';
import { buildTestDataset } from './helpers/buildTestDataset';
import { byParcel, gdalFeatures, readParcelDxf } from './helpers/exportReaders';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

/** Bulk export of a search result: all pages up to the cap, counted like a list's export. */

let t: TestApp;
let anna: SignedIn;

const exportSearch = (format: string, query: string, who = anna, language = 'en') =>
  t.app.inject({
    url: `/v1/secure/maps/export/${format}?${query}`,
    headers: { ...who.headers, langcode: language } as typeof who.headers,
  });

/** How many parcels the search itself finds (the result list's count). */
async function searchTotal(query: string): Promise<number> {
  const found = await t.app.inject({
    url: `/v1/secure/maps/advance-search?a=1&${query}`,
    headers: anna.headers,
  });
  return found.json<{ hits: { total: { value: number } } }>().hits.total.value;
}

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  anna = await signIn(t.app, { name: 'Anna Ämmänn' });
  subscribeWithFullViews(t, anna.user.id, 50_000);
}, 120_000);
afterAll(() => t.close());

describe('maps/export/{format}: a search result as a file', () => {
  it('writes every page of the search as CSV (UTF-8 with BOM, umlauts intact), saying how many parcels it holds', async () => {
    const query = 'LOCNAME=H%C3%BCnenberg&PRC_SUR_from=1000&CANTON=ZG';
    const expected = await searchTotal(query);
    expect(expected).toBeGreaterThan(100); // more than one page of 100
    const response = await exportSearch('csv', query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="search-\d{4}-\d\d-\d\d\.csv"/,
    );
    expect(response.headers['x-export-parcels']).toBe(String(expected));
    expect(response.headers['x-search-total']).toBe(String(expected));
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.rawPayload, { bom: true, columns: true, delimiter: ';' }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((row) => row.PRC_ID)).size).toBe(expected);
    expect(rows.every((row) => row.LOCNAME === 'Hünenberg' && Number(row.PRC_SUR) >= 1000)).toBe(true);
    expect(Object.keys(rows[0])).not.toContain('LIST_STATUS');
  });

  it('GeoPackage and GeoJSON read back by GDAL with the same parcels, in EPSG:2056 and WGS 84', async () => {
    const query = 'LOCNAME=Cham&PRC_SUR_from=3000&CANTON=ZG';
    const expected = await searchTotal(query);
    expect(expected).toBeGreaterThan(5);
    for (const [format, crs] of [
      ['gpkg', /ID\["EPSG",2056\]|AUTHORITY\["EPSG","2056"\]/],
      ['geojson', /WGS 84/],
    ] as const) {
      const response = await exportSearch(format, query);
      expect(response.statusCode).toBe(200);
      const file = path.join(t.dataDir, `search.${format}`);
      fs.writeFileSync(file, response.rawPayload);
      const info = spawnSync('ogrinfo', ['-so', '-al', file], { encoding: 'utf8' });
      expect(info.status).toBe(0);
      expect(info.stdout).toMatch(new RegExp(`Feature Count: ${expected}\\b`));
      expect(info.stdout).toMatch(crs);
      expect(info.stdout).toMatch(/PRC_SUR: (Real|Integer)/);
    }
  });

  it('XLSX and DXF read back by GDAL and ezdxf: a row and a closed, numbered outline per parcel', async () => {
    const query = 'LOCNAME=Cham&PRC_SUR_from=3000&CANTON=ZG';
    const expected = await searchTotal(query);
    const saved = async (format: string) => {
      const response = await exportSearch(format, query);
      expect(response.statusCode).toBe(200);
      const file = path.join(t.dataDir, `search-read.${format}`);
      fs.writeFileSync(file, response.rawPayload);
      return file;
    };
    const rows = byParcel(gdalFeatures(await saved('xlsx')));
    expect(Object.keys(rows)).toHaveLength(expected);
    expect(
      Object.values(rows).every((row) => row.LOCNAME === 'Cham' && typeof row.PRC_SUR === 'number'),
    ).toBe(true);
    const dxf = readParcelDxf(await saved('dxf'));
    expect(dxf.errors).toBe(0);
    expect(dxf.closed.length).toBeGreaterThanOrEqual(expected);
    expect(dxf.closed.every(Boolean)).toBe(true);
    const numbers = Object.keys(rows).map(
      (prcId) => t.db.prepare('SELECT prc_no FROM parcels WHERE prc_id = ?').pluck().get(prcId) as string,
    );
    expect(dxf.numbers.sort()).toEqual(numbers.sort());
  });

  it('counts each parcel once per period as a full view, all or none: over the plan nothing is counted', async () => {
    const ben = await signIn(t.app, { name: 'Ben' });
    subscribeWithFullViews(t, ben.user.id, 20);
    const fullViewsUsed = () =>
      Number(
        t.db
          .prepare(
            "SELECT coalesce(sum(used), 0) FROM usage_counters WHERE user_id = ? AND kind = 'full_view'",
          )
          .pluck()
          .get(ben.user.id),
      );
    const many = 'LOCNAME=Baar&PRC_SUR_from=1000&CANTON=ZG';
    expect(await searchTotal(many)).toBeGreaterThan(20);
    const refused = await exportSearch('csv', many, ben);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ errorCode: 'LIMIT_REACHED_FULL_VIEW' });
    expect(fullViewsUsed()).toBe(0);
    const biggest = String(
      t.db.prepare('SELECT prc_id FROM parcels WHERE mun_bfs = 1701 ORDER BY sur DESC LIMIT 1').pluck().get(),
    );
    const one = await exportSearch('csv', `searchQuery=${biggest}`, ben);
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-export-parcels']).toBe('1');
    expect(fullViewsUsed()).toBe(1);
    // The same parcel again in the period is free.
    expect((await exportSearch('xlsx', `searchQuery=${biggest}`, ben)).statusCode).toBe(200);
    expect(fullViewsUsed()).toBe(1);
  });

  it('refuses a search without criteria, an unknown format and a bad filter with a clear 400; needs a token', async () => {
    const empty = await exportSearch('csv', '', anna, 'de');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Suchen Sie zuerst etwas, bevor Sie das Ergebnis exportieren');
    expect((await exportSearch('shp', 'CANTON=ZG')).statusCode).toBe(400);
    const bad = await exportSearch('csv', 'CANTON=Zug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/CANTON/);
    const anonymous = await t.app.inject({ url: '/v1/secure/maps/export/csv?CANTON=ZG' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the search export service', () => {
  /** A search of `total` parcels answered page by page, as PlaceSearch does. */
  function pagedSearch(total: number) {
    const pages: number[] = [];
    return {
      pages,
      search: async (_query: unknown, paging: { page: number; size: number }) => {
        pages.push(paging.page);
        const from = (paging.page - 1) * paging.size;
        const hits = Array.from({ length: Math.max(0, Math.min(paging.size, total - from)) }, (_, i) => ({
          PRC_ID: `CH${String(from + i).padStart(12, '0')}`,
          PRC_NO: String(from + i),
          PRC_SUR: 500,
        }));
        return {
          total: Math.min(total, 10_000),
          exact: total <= 10_000,
          hits,
          byMunicipality: [],
          places: [],
        };
      },
    };
  }
  const counted: string[][] = [];
  const service = (total: number) => {
    const placeSearch = pagedSearch(total);
    const exports = createSearchExports({
      placeSearch: placeSearch as unknown as Parameters<typeof createSearchExports>[0]['placeSearch'],
      quota: { consume: async () => ({ ok: true }) },
      batchQuota: {
        consumeEach: async (_user, _kind, keys) => {
          counted.push([...keys]);
          return { ok: true };
        },
      },
      unitOfWork: async (work) => work(),
    });
    return { placeSearch, exports };
  };

  it(`holds at most ${SEARCH_EXPORT_CAP} parcels, the first in the search's order, and says how many matched`, async () => {
    const { placeSearch, exports } = service(6589);
    const outcome = await exports.export('u1', { canton: 'ZG' } as never, 'csv', 'en');
    expect(outcome).toMatchObject({ ok: true, exported: SEARCH_EXPORT_CAP, total: 6589 });
    expect(placeSearch.pages).toEqual(Array.from({ length: SEARCH_EXPORT_CAP / 100 }, (_, i) => i + 1));
    const ids = counted.at(-1)!;
    expect(ids).toHaveLength(SEARCH_EXPORT_CAP);
    expect(ids[0]).toBe('CH000000000000');
    expect(ids.at(-1)).toBe(`CH${String(SEARCH_EXPORT_CAP - 1).padStart(12, '0')}`);
  });

  it('stops at the last page of a smaller result', async () => {
    const { placeSearch, exports } = service(250);
    const outcome = await exports.export('u1', { canton: 'ZG' } as never, 'geojson', 'en');
    expect(outcome).toMatchObject({ ok: true, exported: 250, total: 250 });
    expect(placeSearch.pages).toEqual([1, 2, 3]);
  });
});
