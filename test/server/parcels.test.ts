import type { Database } from 'better-sqlite3';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import {
  PARCEL_SUMMARY_FIELDS,
  type ParcelFullResponse,
  type BasicParcelObjectsResponse,
  type ParcelSummary,
  type SearchResponse,
} from '../../src/contract/Parcel';
import { createQuotaService, type QuotaService } from '../../server/services/quota/QuotaService';
import { EventEmitter } from 'node:events';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';

let t: TestApp;
let headers: { authorization: string };
let db: Database;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  buildTestDataset(db);
  headers = (await signIn(t.app)).headers;
  // The plan counting is tested with its own service; here every use is allowed unless a test says otherwise.
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
}, 60_000);
afterAll(async () => t.close());

async function search(path: string, query: string, extra: Record<string, string> = headers) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/secure/maps/${path}?${query}`, headers: extra });
  return { status: res.statusCode, body: res.json() as SearchResponse & { message?: string } };
}

const count = (where: string, ...params: (string | number)[]) =>
  db
    .prepare(`SELECT COUNT(*) FROM parcels p WHERE ${where}`)
    .pluck()
    .get(...params) as number;

const anyValue = (sql: string) => db.prepare(sql).pluck().get() as string;

describe('maps/advance-search', () => {
  it('answers in the Elasticsearch shape with one bucket per municipality', async () => {
    const { status, body } = await search('advance-search', 'a=1&CANTON=ZG');
    expect(status).toBe(200);
    expect(body.error).toBe(false);
    expect(body.hits.total).toEqual({ value: count("canton = 'ZG'"), relation: 'eq' });
    expect(count("canton = 'ZG' AND ind = 'Road'")).toBeGreaterThan(0);
    expect(body.hits.hits).toHaveLength(12);
    const hit = body.hits.hits[0];
    expect(hit._id).toBe(hit._source.PRC_ID);
    expect(hit._source).toMatchObject({ CANTON: 'ZG', PRC_COU: 'CH', centroid: { type: 'Point' } });
    expect(hit._source.PRC_ID).toMatch(/^CH\d{12}$/);
    // The WGS84 outline for the map; the survey-grade LV95 one only from the detail routes.
    expect(hit._source.geometry?.type).toBe('Polygon');
    expect(body.hits.hits.filter((h) => h._source.geometryLv95 !== undefined)).toEqual([]);
    const buckets = body.aggregations.byLocation.buckets;
    expect(buckets.map((b) => b.key).sort()).toEqual(['Baar', 'Cham', 'Hünenberg']);
    expect(buckets.reduce((s, b) => s + b.doc_count, 0)).toBe(body.hits.total.value);
    expect(buckets[0].city.geometry.coordinates[0]).toBeGreaterThan(8);
  });

  it('gives each bucket the extent of its parcels and the answer their union, for "Zoom to results"', async () => {
    const { body } = await search('advance-search', 'a=1&CANTON=ZG');
    const extent = (sql: string) => db.prepare(sql).get() as { w: number; s: number; e: number; n: number };
    for (const bucket of body.aggregations.byLocation.buckets) {
      const own = extent(
        `SELECT min(lon) w, min(lat) s, max(lon) e, max(lat) n FROM parcels WHERE canton = 'ZG' AND mun_bfs = (SELECT bfs FROM municipalities WHERE name = '${bucket.key}')`,
      );
      expect(bucket.bounds).toEqual({
        top_left: { lon: own.w, lat: own.n },
        bottom_right: { lon: own.e, lat: own.s },
      });
    }
    const all = extent(
      "SELECT min(lon) w, min(lat) s, max(lon) e, max(lat) n FROM parcels WHERE canton = 'ZG'",
    );
    expect(body.aggregations.viewport).toEqual({
      bounds: { top_left: { lon: all.w, lat: all.n }, bottom_right: { lon: all.e, lat: all.s } },
    });
    const none = await search('advance-search', 'a=1&CANTON=ZG&PRC_SUR_from=99999999990');
    expect(none.body.aggregations.viewport).toBeUndefined();
  });

  it.each([
    [
      'LOCNAME repeated',
      'LOCNAME=Baar&LOCNAME=Cham',
      "mun_bfs IN (SELECT bfs FROM municipalities WHERE name IN ('Baar','Cham'))",
    ],
    [
      'LOCNAME comma-separated',
      'LOCNAME=Baar,Cham',
      "mun_bfs IN (SELECT bfs FROM municipalities WHERE name IN ('Baar','Cham'))",
    ],
    ['PRC_SUR range', 'PRC_SUR_from=500&PRC_SUR_to=900', 'sur BETWEEN 500 AND 900'],
    ['PRC_SUR lower bound only (upper defaults to 99999999999)', 'PRC_SUR_from=5000', 'sur >= 5000'],
    ['PRC_SUR upper bound only (lower defaults to 0)', 'PRC_SUR_to=300', 'sur <= 300'],
    ['OBJECT_OPTIONS=With', 'OBJECT_OPTIONS=With', 'obj_count > 0'],
    ['OBJECT_OPTIONS=Without', 'OBJECT_OPTIONS=Without', 'obj_count = 0'],
    ['radon range 0–9', 'GRN_RAD_from=0&GRN_RAD_to=9', 'grn_rad BETWEEN 0 AND 9'],
    ['radon checkbox GRN_RAD=true (same 0–9 range)', 'GRN_RAD=true', 'grn_rad BETWEEN 0 AND 9'],
    ['PRO_BUN', 'PRO_BUN=true', 'pro_bun = 1'],
    ['PRC_IND=Standard excludes roads', 'PRC_IND=Standard', "ind = 'Standard'"],
    ['empty PRC_IND includes roads', 'PRC_IND=', "ind IN ('Standard', 'Road')"],
    ['PRC_SUR with both default bounds (everything)', 'PRC_SUR_from=0&PRC_SUR_to=99999999999', '1 = 1'],
    ['GRN_TRM repeated', 'GRN_TRM=EWS-ZUL&GRN_TRM=EWS-AUF', "grn_trm IN ('EWS-ZUL', 'EWS-AUF')"],
    ['PRC_TYP=Baurecht', 'PRC_TYP=Baurecht', "typ = 'Baurecht'"],
    ['PRC_TYP=Eigentum', 'PRC_TYP=Eigentum', "typ = 'Eigentum'"],
    ['FREEWAY range', 'FREEWAY_from=1000&FREEWAY_to=5000', 'freeway BETWEEN 1000 AND 5000'],
    ['PUTRA lower bound only', 'PUTRA_from=500', 'putra >= 500'],
    ['building reserve from 400 m²', 'POT_RES_from=400', 'reserve >= 400'],
    ['building reserve range', 'POT_RES_from=100&POT_RES_to=300', 'reserve BETWEEN 100 AND 300'],
    ['utilisation figure range', 'POT_UTI_from=0.5&POT_UTI_to=0.8', 'utilisation BETWEEN 0.5 AND 0.8'],
    [
      'reserve and utilisation, sorted',
      'POT_RES_from=1&POT_UTI_to=0.45&SORT=reserve',
      'reserve >= 1 AND utilisation <= 0.45',
    ],
  ])('filters by %s', async (_name, query, where) => {
    const expected = count(`canton = 'ZG' AND ${where}`);
    expect(expected).toBeGreaterThan(0);
    const { status, body } = await search('advance-search', `a=1&CANTON=ZG&${query}`);
    expect(status).toBe(200);
    expect(body.hits.total.value).toBe(expected);
  });

  it('sorts by building reserve, largest first, and answers 400 for an unknown order or a bad range', async () => {
    const { body } = await search('advance-search', 'a=1&CANTON=ZG&POT_RES_from=200&SORT=reserve&size=50');
    const reserves = body.hits.hits.map((hit) => hit._source.POT_RES as number);
    expect(reserves.length).toBeGreaterThan(5);
    expect(reserves).toEqual([...reserves].sort((a, b) => b - a));
    expect(reserves[0]).toBe(
      db.prepare("SELECT max(reserve) FROM parcels WHERE canton = 'ZG'").pluck().get() as number,
    );
    const unknown = await search('advance-search', 'a=1&CANTON=ZG&SORT=price');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('SORT must be one of: reserve, area');
    const backwards = await search('advance-search', 'a=1&POT_UTI_from=1.2&POT_UTI_to=0.4');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('POT_UTI_from must not be greater than POT_UTI_to');
  });

  it('filters by street, thermal and alpha codes taken from the data', async () => {
    const street = anyValue('SELECT street FROM parcels WHERE street IS NOT NULL ORDER BY id LIMIT 1');
    const thermal = anyValue('SELECT grn_trm FROM parcels ORDER BY id LIMIT 1');
    const alpha = anyValue('SELECT alpha_pri FROM parcels ORDER BY id LIMIT 1');
    const alphaSec = anyValue('SELECT alpha_sec FROM parcels WHERE alpha_sec IS NOT NULL LIMIT 1');
    for (const [query, where, param] of [
      [`STREET=${encodeURIComponent(street)}`, 'street = ?', street],
      [`GRN_TRM=${thermal}`, 'grn_trm = ?', thermal],
      [`ALPHA_PRI=${encodeURIComponent(alpha)}`, 'alpha_pri = ?', alpha],
      [`ALPHA_SEC=${alphaSec}`, 'alpha_sec = ?', alphaSec],
    ]) {
      const { body } = await search('advance-search', `a=1&${query}`);
      expect(body.hits.total.value).toBe(count(where, param));
    }
  });

  it('finds one parcel by PRC_ID and by municipality + PRC_NO', async () => {
    const row = db
      .prepare('SELECT prc_id, prc_no FROM parcels WHERE mun_bfs = 1701 LIMIT 1 OFFSET 10')
      .get() as {
      prc_id: string;
      prc_no: string;
    };
    const byId = await search('advance-search', `a=1&PRC_ID=${row.prc_id}`);
    expect(byId.body.hits.hits.map((h) => h._id)).toEqual([row.prc_id]);
    const byNo = await search('advance-search', `a=1&LOCNAME=Baar&PRC_NO=${row.prc_no}`);
    expect(byNo.body.hits.hits.map((h) => h._id)).toContain(row.prc_id);
  });

  it('pages 1-based with size 12 by default and rejects pages beyond 100', async () => {
    const first = await search('advance-search', 'a=1&CANTON=ZG');
    const second = await search('advance-search', 'a=1&CANTON=ZG&page=2');
    expect(second.body.hits.hits).toHaveLength(12);
    expect(second.body.hits.hits[0]._id).not.toBe(first.body.hits.hits[0]._id);
    const big = await search('advance-search', 'a=1&CANTON=ZG&page=3&size=50');
    expect(big.body.hits.hits).toHaveLength(50);
    const over = await search('advance-search', 'a=1&CANTON=ZG&page=101');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('page must be not more than 100');
    const zero = await search('advance-search', 'a=1&CANTON=ZG&page=0');
    expect(zero.status).toBe(400);
  });

  it.each([
    ['PRC_SUR_from=abc', 'PRC_SUR_from must be a number'],
    ['PRC_SUR_from=900&PRC_SUR_to=100', 'PRC_SUR_from must not be greater than PRC_SUR_to'],
    ['OBJECT_OPTIONS=Maybe', 'OBJECT_OPTIONS must be one of: With, Without'],
    ['PRC_TYP=Rented', 'PRC_TYP must be one of: Eigentum, Baurecht'],
    ['PRC_IND=Road', 'PRC_IND must be Standard or empty'],
    ['CANTON=Zug', 'CANTON must be a canton code like ZG'],
    ['GRN_RAD=perhaps', 'GRN_RAD must be true or false'],
    ['CANTON=ZG&size=500', 'size must be a whole number from 1 to 100'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const { status, body } = await search('advance-search', `a=1&${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: true, errorMessage: message });
  });

  it('needs a valid main-server token', async () => {
    expect((await search('advance-search', 'a=1&CANTON=ZG', {})).status).toBe(401);
    expect(
      (await search('advance-search', 'a=1&CANTON=ZG', { authorization: 'Bearer nonsense' })).status,
    ).toBe(401);
    const other = await signIn(t.app, { roles: ['DEALER'] });
    expect((await search('advance-search', 'a=1&CANTON=ZG', other.headers)).status).toBe(403);
  });
});

describe('maps/search (simple search)', () => {
  it('matches a municipality name without accents (FTS with remove_diacritics)', async () => {
    const { body } = await search('search', 'searchQuery=hunenberg');
    // Every parcel of Hünenberg, plus streets named after it elsewhere ("Hünenbergerweg").
    const bucket = body.aggregations.byLocation.buckets.find((b) => b.key === 'Hünenberg');
    expect(bucket?.doc_count).toBe(count('mun_bfs = 1703'));
    expect(body.hits.total.value).toBe(count("mun_bfs = 1703 OR street LIKE 'Hünenberg%'"));
  });

  it('matches a street prefix plus an exact house number', async () => {
    const row = db
      .prepare('SELECT street, house_no FROM parcels WHERE house_no IS NOT NULL ORDER BY id LIMIT 1')
      .get() as { street: string; house_no: string };
    const prefix = row.street.slice(0, Math.max(4, row.street.length - 3));
    const { body } = await search('search', `searchQuery=${encodeURIComponent(`${prefix} ${row.house_no}`)}`);
    expect(body.hits.total.value).toBeGreaterThan(0);
    expect(body.hits.hits.map((h) => h._source.STREET_ADDRESS)).toContain(`${row.street} ${row.house_no}`);
  });

  it('finds a parcel by its EGRID', async () => {
    const id = anyValue('SELECT prc_id FROM parcels LIMIT 1 OFFSET 5');
    const { body } = await search('search', `searchQuery=${id}`);
    expect(body.hits.hits.map((h) => h._id)).toEqual([id]);
  });

  it('returns nothing, without searching, for no text and no filters', async () => {
    const { status, body } = await search('search', 'searchQuery=');
    expect(status).toBe(200);
    expect(body.hits.total.value).toBe(0);
  });

  it('does not count against the advanced-search quota', async () => {
    const consume = jest.fn(async () => ({ ok: true }) as const);
    const original = t.app.ctx.quota;
    t.app.ctx.quota = { consume } as QuotaService;
    try {
      await search('search', 'searchQuery=Baar');
      expect(consume).not.toHaveBeenCalled();
    } finally {
      t.app.ctx.quota = original;
    }
  });
});

describe('quota hook', () => {
  let original: QuotaService;
  beforeEach(() => {
    original = t.app.ctx.quota;
  });
  afterEach(() => {
    t.app.ctx.quota = original;
  });

  it('counts one advanced search and one full view per parcel, for the signed-in user', async () => {
    const consume = jest.fn(async () => ({ ok: true }) as const);
    t.app.ctx.quota = { consume };
    const me = await signIn(t.app);
    await search('advance-search', 'a=1&CANTON=ZG', me.headers);
    const id = anyValue('SELECT prc_id FROM parcels LIMIT 1');
    await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects-full`, headers: me.headers });
    await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects`, headers: me.headers });
    // The search is counted under its filter fingerprint (once per distinct filter set per period), the
    // full view under the parcel's EGRID (once per parcel per period).
    expect(consume.mock.calls).toEqual([
      [me.user.id, 'advance_search', expect.any(String)],
      [me.user.id, 'full_view', id],
    ]);
  });

  it('answers 402 (never 403) with LIMIT_REACHED codes when the plan is used up', async () => {
    t.app.ctx.quota = {
      consume: async (_user, kind) => ({
        ok: false,
        errorCode: kind === 'advance_search' ? 'LIMIT_REACHED_ADVANCE_SEARCH' : 'LIMIT_REACHED_FULL_VIEW',
        message: 'You have reached the limit of your plan',
      }),
    };
    const { status, body } = await search('advance-search', 'a=1&CANTON=ZG');
    expect(status).toBe(402);
    expect(body).toMatchObject({
      error: true,
      errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
      errorMessage: 'You have reached the limit of your plan',
      hits: { hits: [], total: { value: 0, relation: 'eq' } },
    });
    const id = anyValue('SELECT prc_id FROM parcels LIMIT 1');
    const full = await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects-full`, headers });
    expect(full.statusCode).toBe(402);
    expect(full.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      errorCode: 'LIMIT_REACHED_FULL_VIEW',
      errorMessage: 'You have reached the limit of your plan',
    });
  });
});

describe('full views are counted once per parcel and period', () => {
  let allowAll: QuotaService;
  beforeEach(() => {
    allowAll = t.app.ctx.quota;
    t.app.ctx.quota = createQuotaService({ ...createSqliteStores(t.db), events: new EventEmitter() });
  });
  afterEach(() => {
    t.app.ctx.quota = allowAll;
  });

  it('counts a parcel opened again as free, and still opens it once the limit is reached', async () => {
    const me = await signIn(t.app);
    const ids = t.db.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT 11').pluck().all() as string[];
    const open = (id: string) =>
      t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects-full`, headers: me.headers });
    const fullViews = async () =>
      (await t.app.inject({ url: '/v1/secure/subscriptions', headers: me.headers })).json().subscription.usage
        .full_view as number;
    // Clicking between the cards of three parcels eight times over: three full views.
    for (let round = 0; round < 8; round += 1)
      for (const id of ids.slice(0, 3)) expect((await open(id)).statusCode).toBe(200);
    expect(await fullViews()).toBe(3);
    // The trial's 10: ten parcels, then an eleventh is refused while the ten stay open.
    for (const id of ids.slice(3, 10)) expect((await open(id)).statusCode).toBe(200);
    expect(await fullViews()).toBe(10);
    const refused = await open(ids[10]);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ errorCode: 'LIMIT_REACHED_FULL_VIEW' });
    expect((await open(ids[0])).statusCode).toBe(200);
    expect((await open(ids[0].toLowerCase())).statusCode).toBe(200);
    expect(await fullViews()).toBe(10);
  });
});

describe('maps/prcid/:id', () => {
  const withBuildings = () => anyValue('SELECT prc_id FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1');

  it('objects: the parcel and its building objects, basic fields only', async () => {
    const id = withBuildings();
    const res = await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as BasicParcelObjectsResponse;
    expect(body.feature.PRC_ID).toBe(id);
    expect(body.feature.geometry?.type).toBe('Polygon');
    expect(body.objects.length).toBe(body.feature.OBJ_COUNT);
    const object = body.objects[0];
    for (const field of ['OBJ_ID', 'OBJ_TYP', 'OBJ_PRO', 'centroid']) expect(object).toHaveProperty(field);
    expect(object).not.toHaveProperty('OBJ_VOL');
  });

  it('summary: number, address, area and zone for the hover popup, without outline, buildings or a count', async () => {
    const consume = jest.fn(async () => ({ ok: true }) as const);
    const original = t.app.ctx.quota;
    t.app.ctx.quota = { consume };
    try {
      const id = anyValue(
        "SELECT prc_id FROM parcels WHERE alpha_pri IS NOT NULL AND alpha_pri <> '' LIMIT 1",
      );
      const res = await t.app.inject({ url: `/v1/secure/maps/prcid/${id.toLowerCase()}/summary`, headers });
      expect(res.statusCode).toBe(200);
      const body = res.json() as ParcelSummary;
      expect(Object.keys(body).sort()).toEqual(
        [...PARCEL_SUMMARY_FIELDS].filter((key) => key in body).sort(),
      );
      expect(body).toMatchObject({ PRC_ID: id, PRC_NO: expect.any(String), PRC_SUR: expect.any(Number) });
      expect(body.ALPHA_PRIS?.length).toBeGreaterThan(0);
      expect(body).not.toHaveProperty('geometry');
      expect(body).not.toHaveProperty('HAZ_WAT');
      expect(consume).not.toHaveBeenCalled();
      const unknown = await t.app.inject({ url: '/v1/secure/maps/prcid/CH000000000000/summary', headers });
      expect(unknown.statusCode).toBe(404);
      const anonymous = await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/summary` });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      t.app.ctx.quota = original;
    }
  });

  it('objects-full: every thematic field of spec §3 and the canton with its ÖREB link', async () => {
    const id = withBuildings();
    const res = await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects-full`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ParcelFullResponse;
    expect(body.canton).toEqual({ _id: '9', code: 'ZG', urlOREB: 'https://oereb.zugmap.ch/', name: 'Zug' });
    const fields = [
      'PRC_ID',
      'PRC_NO',
      'PRC_SUR',
      'PRC_TYP',
      'PRC_IND',
      'PRC_COO_X',
      'PRC_COO_Y',
      'PRC_COU',
      'PRC_ZIP',
      'PRC_MUN',
      'CANTON',
      'STATE',
      'LOCNAME',
      'centroid',
      'geometry',
      'ALPHA_PRIS',
      'ALPHA_SECS',
      'ALPHA_TERS',
      'BRAVO_PRIS',
      'BRAVO_SECS',
      'BRAVO_TERS',
      'OVL_COL',
      'OVL_CSL',
      'OVL_NSL',
      'OVL_FOL',
      'OVL_NOI',
      'OVL_WAL',
      'OVL_WAA',
      'GRN_SOI',
      'GRN_TRM',
      'GRN_GWU',
      'GRN_RAD',
      'GRN_CON',
      'GRN_INF',
      'HAZ_FAL',
      'HAZ_LAV',
      'HAZ_SLI',
      'HAZ_WAT',
      'HAZ_DOL',
      'PRO_BUN',
      'PRO_BUC',
      'PRO_OOB',
      'PRO_BOO',
      'PRO_ARS',
      'PRO_ARP',
      'ENV_WAT',
      'ENV_GWA',
      'ENV_FOR',
      'ENV_RES',
      'ENV_WAP',
      'EVN_ELE',
      'EVN_TRA',
      'EVN_AIR',
      'FIXPOINTS',
    ];
    for (const field of fields) expect(body.feature).toHaveProperty(field);
    expect(body.objects.length).toBeGreaterThan(0);
  });

  it('answers 404 with an error message for an unknown parcel id, without counting a full view', async () => {
    const consume = jest.fn(async () => ({ ok: true }) as const);
    const original = t.app.ctx.quota;
    t.app.ctx.quota = { consume };
    try {
      for (const suffix of ['objects', 'objects-full']) {
        const res = await t.app.inject({ url: `/v1/secure/maps/prcid/CH000000000000/${suffix}`, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: true, errorMessage: 'No results found' });
      }
      expect(consume).not.toHaveBeenCalled();
    } finally {
      t.app.ctx.quota = original;
    }
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ url: '/v1/secure/maps/prcid/CH000000000000/objects' });
    expect(res.statusCode).toBe(401);
  });
});
