import type { Database } from 'better-sqlite3';
import type { TestApp } from './helpers/createTestApp';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import type { SearchResponse } from '../../src/contract/Parcel';
import { parcelWhere, whereClause } from '../../server/store/contract/parcels/parcelWhere';

let t: TestApp;
let db: Database;
let headers: { authorization: string };

beforeAll(async () => {
  ({ t, headers } = await createDatasetTestApp());
  db = t.db;
}, 60_000);
afterAll(async () => t.close());

const count = (sql: string, ...params: string[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

async function search(text: string): Promise<SearchResponse> {
  const res = await t.app.inject({
    url: `/v1/secure/maps/search?searchQuery=${encodeURIComponent(text)}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('searching by postcode', () => {
  it('gives every parcel its municipality’s real postcode', () => {
    const zips = db
      .prepare(
        'SELECT m.name, group_concat(DISTINCT p.zip) FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs GROUP BY m.name',
      )
      .raw()
      .all();
    expect(Object.fromEntries(zips as [string, string][])).toEqual({
      Baar: '6340',
      Cham: '6330',
      Hünenberg: '6331',
    });
  });

  it('finds a postcode’s parcels, not the parcel whose house number is that number', async () => {
    // A Cham parcel with house number 6340: "6340" still means Baar.
    const chamId = db
      .prepare("SELECT id FROM parcels WHERE zip = '6330' AND street IS NOT NULL LIMIT 1")
      .pluck()
      .get() as number;
    db.prepare("UPDATE parcels SET house_no = '6340' WHERE id = ?").run(chamId);
    const body = await search('6340');
    expect(body.hits.total.value).toBe(count("SELECT COUNT(*) FROM parcels WHERE zip = '6340'"));
    expect(body.aggregations.byLocation.buckets.map((b) => b.key)).toEqual(['Baar']);
    expect(body.hits.hits.every((h) => h._source.PRC_ZIP === '6340')).toBe(true);
  });

  it('combines a postcode with words, and keeps a number that is no postcode a house or parcel number', async () => {
    const street = db
      .prepare("SELECT street FROM parcels WHERE zip = '6330' AND street IS NOT NULL LIMIT 1")
      .pluck()
      .get() as string;
    const both = await search(`${street} 6330`);
    expect(both.hits.total.value).toBeGreaterThan(0);
    expect(
      both.hits.hits.every(
        (h) => h._source.PRC_ZIP === '6330' && h._source.STREET_ADDRESS?.startsWith(street),
      ),
    ).toBe(true);
    // 6300 is Zug's postcode, but Zug is not in this dataset: the number is a house or parcel number.
    db.prepare(
      "UPDATE parcels SET house_no = '6300' WHERE id = (SELECT min(id) FROM parcels WHERE street IS NOT NULL)",
    ).run();
    const number = await search('6300');
    expect(number.hits.total.value).toBe(
      count("SELECT COUNT(*) FROM parcels WHERE house_no = '6300' OR prc_no = '6300'"),
    );
    expect(number.hits.total.value).toBeGreaterThan(0);
  });

  it('looks the number up through indexes, never scanning every parcel', () => {
    const filter = parcelWhere({ text: '6340', excludeRoads: false });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT p.id FROM parcels p ${whereClause(filter)}`)
      .all(...filter.params) as {
      detail: string;
    }[];
    const details = plan.map((row) => row.detail);
    expect(details.some((d) => d.includes('parcels_zip'))).toBe(true);
    expect(details.filter((d) => d.startsWith('SCAN'))).toEqual([]);
  });
});
