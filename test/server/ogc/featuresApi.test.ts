/**
 * OGC API – Features over the test dataset: landing page, conformance, OpenAPI, collections, items with
 * paging, search parameters, bbox and CRS (CRS84 and EPSG:2056 as the DXF export reads LV95), single items,
 * metering as full views, and 4xx for bad input.
 */
import type { Parcel } from '../../../src/contract/Parcel';
import { outlineRings } from '../../../server/services/reports/parcelSurroundings';
import { buildTestDataset } from '../helpers/buildTestDataset';
import { createTestApp, type TestApp } from '../helpers/createTestApp';
import { keyHolder } from './ogcFixture';
import { parcelItems } from '../../../server/services/ogc/featureItems';
import { CRS84 } from '../../../server/services/ogc/ogcCrs';
import { areaMeetsBox } from '../../../server/geo/ring';
import type { MultiPolygon, Polygon } from 'geojson';
import { createSqliteParcelRepository } from '../../../server/store/sqlite/parcels/createSqliteParcelRepository';
import type { ParcelRepository } from '../../../server/store/contract/parcels/ParcelRepository';
import type { Synchronous } from '../../../server/store/contract/unitOfWork/Synchronous';

/** A synchronous repository read through the asynchronous port (its answers awaited as they are). */
const asParcelRepository = (repository: Synchronous<ParcelRepository>) =>
  repository as unknown as ParcelRepository;

let t: TestApp;
let bearer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  ({ bearer } = await keyHolder(t));
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, headers = bearer) => t.app.inject({ url, headers });

interface Page {
  features: { id: string; geometry: { coordinates: number[][][] }; properties: Record<string, unknown> }[];
  numberMatched?: number;
  numberReturned: number;
  links: { rel: string; href: string }[];
}

describe('OGC API – Features', () => {
  it('describes itself: landing page, conformance with Part 2, an OpenAPI 3 document', async () => {
    const landing = await get('/ogc/', {} as typeof bearer);
    expect(landing.statusCode).toBe(200);
    const rels = landing.json<{ links: { rel: string; href: string }[] }>().links.map((link) => link.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'service-desc', 'conformance', 'data']));
    const conformance = await get('/ogc/conformance', {} as typeof bearer);
    expect(conformance.json().conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
      ]),
    );
    const api = await get('/ogc/api', {} as typeof bearer);
    expect(api.headers['content-type']).toContain('application/vnd.oai.openapi+json');
    expect(api.json().openapi).toBe('3.0.3');
    expect(Object.keys(api.json().paths)).toContain('/collections/{collectionId}/items');
    const single = api.json().paths['/collections/{collectionId}/items/{featureId}'].get;
    expect(Object.keys(single.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '404']));
  });

  it('lists parcels, buildings and the thematic layers with features, each with both CRS', async () => {
    const response = await get('/ogc/collections');
    const { collections } = response.json<{
      collections: { id: string; crs: string[]; storageCrs: string }[];
    }>();
    const ids = collections.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual(['parcels', 'buildings']);
    expect(ids).toContain('radon');
    expect(collections[0].crs).toEqual([
      'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
      'http://www.opengis.net/def/crs/EPSG/0/2056',
    ]);
    expect((await get('/ogc/collections/nothing')).statusCode).toBe(404);
  });

  it('pages the parcels of a search with numberMatched and next links that reach every parcel once', async () => {
    const total = (t.db.prepare('SELECT COUNT(*) AS n FROM parcels').get() as { n: number }).n;
    const seen = new Set<string>();
    let url: string | undefined = '/ogc/collections/parcels/items?CANTON=ZG&limit=500';
    let pages = 0;
    while (url) {
      const page: Page = (await get(url)).json<Page>();
      expect(page.numberMatched).toBe(total);
      expect(page.numberReturned).toBe(page.features.length);
      for (const feature of page.features) seen.add(feature.id);
      const next = page.links.find((link) => link.rel === 'next')?.href;
      url = next ? next.replace(/^https?:\/\/[^/]+/, '') : undefined;
      pages++;
    }
    expect(seen.size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 500));

    const municipality = (
      t.db.prepare('SELECT name FROM municipalities WHERE parcel_count > 0 LIMIT 1').get() as {
        name: string;
      }
    ).name;
    const filtered = (
      await get(`/ogc/collections/parcels/items?LOCNAME=${encodeURIComponent(municipality)}&limit=5`)
    ).json<Page>();
    expect(filtered.features.every((f) => f.properties.LOCNAME === municipality)).toBe(true);
  });

  it('gives numberMatched for a filtered box and, counted by the filters, beyond the pages it reaches', async () => {
    const parcel = t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1').get() as {
      lon: number;
      lat: number;
    };
    const box = [parcel.lon - 0.004, parcel.lat - 0.003, parcel.lon + 0.004, parcel.lat + 0.003].join(',');
    const all = (await get(`/ogc/collections/parcels/items?bbox=${box}&limit=1000`)).json<Page>();
    const filtered = (
      await get(`/ogc/collections/parcels/items?bbox=${box}&limit=1000&PRC_SUR_from=500`)
    ).json<Page>();
    const large = all.features.filter((f) => (f.properties.PRC_SUR as number) >= 500);
    expect(large.length).toBeGreaterThan(0);
    expect(large.length).toBeLessThan(all.features.length);
    expect(filtered.numberMatched).toBe(large.length);
    expect(filtered.features.map((f) => f.id)).toEqual(large.map((f) => f.id));

    // With a cap of 100 matches the search stops counting at it; filters without text count them all.
    const capped = createSqliteParcelRepository(t.db, { totalCap: 100 });
    const total = (t.db.prepare('SELECT COUNT(*) AS n FROM parcels').get() as { n: number }).n;
    const items = { bounds: null, crs: CRS84, offset: 0, limit: 10 } as const;
    const page = await parcelItems(asParcelRepository(capped), { ...items, query: { canton: 'ZG' } });
    expect(page.numberMatched).toBe(total);
    const text = await parcelItems(asParcelRepository(capped), { ...items, query: { text: 'b' } });
    expect(text.numberMatched).toBeNull();
  });

  it('gives in a box exactly the parcels whose outline meets it, those across its edges included', async () => {
    const parcel = t.db.prepare('SELECT lon, lat FROM parcels ORDER BY id LIMIT 1 OFFSET 40').get() as {
      lon: number;
      lat: number;
    };
    const box = [parcel.lon - 0.002, parcel.lat - 0.0015, parcel.lon + 0.002, parcel.lat + 0.0015];
    const wider = [box[0] - 0.002, box[1] - 0.0015, box[2] + 0.002, box[3] + 0.0015];
    const ids = async (bounds: number[]) =>
      (await get(`/ogc/collections/parcels/items?bbox=${bounds.join(',')}&limit=1000`)).json<Page>();
    const inBox = await ids(box);
    const around = await ids(wider);
    // The outline read by itself decides: every parcel of the wider box whose outline meets the box.
    const meeting = around.features.filter((f) =>
      areaMeetsBox(f.geometry as unknown as Polygon | MultiPolygon, box),
    );
    expect(meeting.length).toBeGreaterThan(10);
    expect(meeting.length).toBeLessThan(around.features.length);
    expect(inBox.features.map((f) => f.id)).toEqual(meeting.map((f) => f.id));
  });

  it('answers EPSG:2056 with the coordinates the DXF export reads, and takes a bbox in EPSG:2056', async () => {
    const id = (t.db.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT 1').get() as { prc_id: string })
      .prc_id;
    const detail = (await t.app.ctx.parcels.parcel(id))!;
    const lv95 = await get(`/ogc/collections/parcels/items/${id}?crs=EPSG:2056`);
    expect(lv95.statusCode).toBe(200);
    expect(lv95.headers['content-crs']).toBe('<http://www.opengis.net/def/crs/EPSG/0/2056>');
    const ring = lv95.json().geometry.coordinates[0] as number[][];
    const dxfRing = outlineRings(detail.parcel)[0];
    expect(ring.slice(0, dxfRing.length)).toEqual(dxfRing);
    expect(lv95.json().properties).toMatchObject({ PRC_ID: id, PRC_NO: detail.parcel.PRC_NO });

    const { PRC_COO_X: e, PRC_COO_Y: n } = detail.parcel as Parcel;
    const box = [e - 20, n - 20, e + 20, n + 20].join(',');
    const inBox = (
      await get(
        `/ogc/collections/parcels/items?bbox=${box}&bbox-crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/2056')}&crs=EPSG:2056`,
      )
    ).json<Page>();
    expect(inBox.features.map((f) => f.id)).toContain(id);
    expect(inBox.features[0].geometry.coordinates[0][0][0]).toBeGreaterThan(2_600_000);
  });

  it('serves buildings and a thematic layer by bbox', async () => {
    const parcel = t.db
      .prepare('SELECT lon, lat FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1')
      .get() as {
      lon: number;
      lat: number;
    };
    const box = [parcel.lon - 0.003, parcel.lat - 0.003, parcel.lon + 0.003, parcel.lat + 0.003].join(',');
    const buildings = (await get(`/ogc/collections/buildings/items?bbox=${box}`)).json<Page>();
    expect(buildings.numberReturned).toBeGreaterThan(0);
    expect(buildings.features[0].properties).toHaveProperty('OBJ_TYP');
    const radon = await get('/ogc/collections/radon/items?limit=3');
    expect(radon.statusCode).toBe(200);
    expect(radon.json<Page>().features[0].properties).toHaveProperty('class');
  });

  it('serves single buildings and layer features exactly as their items pages do, in both CRS', async () => {
    const parcel = t.db
      .prepare('SELECT lon, lat FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1')
      .get() as { lon: number; lat: number };
    const box = [parcel.lon - 0.003, parcel.lat - 0.003, parcel.lon + 0.003, parcel.lat + 0.003].join(',');
    const collections = ['buildings', 'radon', 'alpha-zones', 'heritage'];
    for (const collection of collections)
      for (const crs of ['', '&crs=EPSG:2056']) {
        const page = await get(`/ogc/collections/${collection}/items?bbox=${box}&limit=4${crs}`);
        expect({ collection, status: page.statusCode }).toEqual({ collection, status: 200 });
        const features = page.json<Page>().features;
        expect({ collection, found: features.length > 0 }).toEqual({ collection, found: true });
        for (const feature of features) {
          const single = await get(`/ogc/collections/${collection}/items/${feature.id}?${crs.slice(1)}`);
          expect(single.statusCode).toBe(200);
          expect(single.headers['content-type']).toContain('application/geo+json');
          expect(single.headers['content-crs']).toBe(page.headers['content-crs']);
          const { links, ...body } = single.json<{ links: { rel: string; href: string }[] }>();
          expect(body).toEqual(feature);
          expect(links.map(({ rel, href }) => [rel, href.replace(/^https?:\/\/[^/]+/, '')])).toEqual([
            ['self', `/ogc/collections/${collection}/items/${feature.id}`],
            ['collection', `/ogc/collections/${collection}`],
          ]);
        }
      }
    // A layer feature's id belongs to its own layer only.
    const radon = (await get(`/ogc/collections/radon/items?limit=1`)).json<Page>().features[0];
    const elsewhere = await get(`/ogc/collections/alpha-zones/items/${radon.id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({
      code: 'NotFound',
      description: `No feature "${radon.id}" in the collection "alpha-zones"`,
    });
  });

  it('answers unknown single items with 404 and malformed ids with 400, never counted', async () => {
    const holder = await keyHolder(t, 5);
    const usage = async () =>
      (await get('/v1/secure/subscriptions', holder.session.headers)).json().subscription.usage.full_view;
    for (const [url, status, description] of [
      [
        '/ogc/collections/buildings/items/99999999999',
        404,
        /No feature "99999999999" in the collection "buildings"/,
      ],
      ['/ogc/collections/radon/items/2147483647', 404, /No feature "2147483647" in the collection "radon"/],
      ['/ogc/collections/parcels/items/CH000000000000', 404, /No feature "CH000000000000"/],
      ['/ogc/collections/nothing/items/1', 404, /No collection "nothing"/],
      ['/ogc/collections/buildings/items/abc', 400, /OBJ_ID/],
      ['/ogc/collections/buildings/items/12%2034', 400, /OBJ_ID/],
      ['/ogc/collections/radon/items/0', 400, /whole number/],
      ['/ogc/collections/radon/items/-3', 400, /whole number/],
      ['/ogc/collections/radon/items/1.5', 400, /whole number/],
      ['/ogc/collections/radon/items/2147483648', 400, /whole number/],
      ['/ogc/collections/radon/items/1?crs=EPSG:4326', 400, /crs must be one of/],
      ['/ogc/collections/buildings/items/1?limit=3', 400, /./],
    ] as const) {
      const response = await get(url, holder.bearer);
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      expect(response.json().description).toMatch(description);
    }
    expect(await usage()).toBe(0);
    const building = (
      t.db.prepare('SELECT obj_id FROM buildings ORDER BY id LIMIT 1').get() as { obj_id: string }
    ).obj_id;
    expect((await get(`/ogc/collections/buildings/items/${building}`, holder.bearer)).statusCode).toBe(200);
    expect(await usage()).toBe(0);
  });

  it('answers bad parameters with 400 and an OGC exception, never 500', async () => {
    for (const query of [
      'limit=0',
      'limit=100000',
      'limit=abc',
      'offset=-1',
      'bbox=1,2,3',
      'bbox=a,b,c,d',
      'bbox=10,47,9,46',
      'bbox=2600000,1200000,2600100,1200100',
      'crs=EPSG:4326',
      'bbox-crs=EPSG:21781',
      'CANTON=zug',
      'PRC_SUR_from=lots',
      'unknown=1',
      'offset=9999&limit=10',
    ]) {
      const response = await get(`/ogc/collections/parcels/items?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json()).toMatchObject({ code: 'InvalidParameterValue' });
    }
    expect((await get('/ogc/collections/parcels/items/does-not-exist')).statusCode).toBe(404);
  });

  it('counts each parcel returned once per period as a full view and refuses a plan at its limit', async () => {
    const holder = await keyHolder(t, 12);
    const usage = async () =>
      (await get('/v1/secure/subscriptions', holder.session.headers)).json().subscription.usage.full_view;
    const first = await get('/ogc/collections/parcels/items?limit=10', holder.bearer);
    expect(first.statusCode).toBe(200);
    expect(await usage()).toBe(10);
    // The same parcels again are free.
    expect((await get('/ogc/collections/parcels/items?limit=10', holder.bearer)).statusCode).toBe(200);
    expect(await usage()).toBe(10);
    // Ten more would pass the limit of 12: refused whole, nothing counted.
    const refused = await get('/ogc/collections/parcels/items?limit=10&offset=10', holder.bearer);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      error: true,
      errorCode: 'LIMIT_REACHED_FULL_VIEW',
      code: 'LIMIT_REACHED_FULL_VIEW',
    });
    expect(await usage()).toBe(10);
    expect((await get('/ogc/collections/parcels/items?limit=2&offset=10', holder.bearer)).statusCode).toBe(
      200,
    );
    expect(await usage()).toBe(12);
    // Buildings and layers are not parcels: not counted.
    expect((await get('/ogc/collections/radon/items?limit=2', holder.bearer)).statusCode).toBe(200);
  });
});
