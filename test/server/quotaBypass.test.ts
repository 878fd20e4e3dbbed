/**
 * What advance-search and objects-full sell cannot be had for free through maps/search
 * and maps/prcid/{id}/objects.
 */
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import type { QuotaService } from '../../server/services/quota/QuotaService';
import { BUILDING_BASIC_FIELDS, PARCEL_BASIC_FIELDS } from '../../src/contract/Parcel';

let t: TestApp;
let original: QuotaService;
beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  original = t.app.ctx.quota;
}, 60_000);
afterAll(async () => t.close());
afterEach(() => {
  t.app.ctx.quota = original;
});

const withBuildings = () =>
  t.db.prepare('SELECT prc_id FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1').pluck().get() as string;

describe('maps/search with advanced filters', () => {
  it('counts one advanced search when maps/search carries an advanced filter', async () => {
    const consume = jest.fn(async () => ({ ok: true }) as const);
    t.app.ctx.quota = { consume };
    const me = await signIn(t.app);
    for (const query of [
      'searchQuery=Baar&CANTON=ZG',
      'PRC_SUR_from=100',
      'STREET=Dorfstrasse',
      'PRO_BUN=true',
    ]) {
      const res = await t.app.inject({ url: `/v1/secure/maps/search?${query}`, headers: me.headers });
      expect(res.statusCode).toBe(200);
    }
    expect(consume.mock.calls).toEqual(Array(4).fill([me.user.id, 'advance_search', expect.any(String)]));
  });

  it('a text-only search stays free', async () => {
    const consume = jest.fn(async () => ({ ok: true }) as const);
    t.app.ctx.quota = { consume };
    const me = await signIn(t.app);
    const res = await t.app.inject({
      url: '/v1/secure/maps/search?searchQuery=Baar&a=3',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hits.total.value).toBeGreaterThan(0);
    expect(consume).not.toHaveBeenCalled();
  });

  it('answers 402 with the limit code and no hits once advanced searches are used up', async () => {
    t.app.ctx.quota = {
      consume: async () => ({
        ok: false,
        errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
        message: 'You have reached the limit of your plan',
      }),
    };
    const me = await signIn(t.app);
    const res = await t.app.inject({
      url: '/v1/secure/maps/search?searchQuery=Baar&CANTON=ZG',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH', hits: { hits: [] } });
  });
});

describe('maps/prcid/{id}/objects answers the basic fields only', () => {
  it('gives no field beyond the contract’s basic ones, where objects-full gives them', async () => {
    const me = await signIn(t.app);
    const id = withBuildings();
    const basic = (
      await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects`, headers: me.headers })
    ).json();
    const full = (
      await t.app.inject({ url: `/v1/secure/maps/prcid/${id}/objects-full`, headers: me.headers })
    ).json();
    expect(basic.feature.PRC_ID).toBe(id);
    expect(basic.feature.geometry.type).toBe('Polygon');
    expect(basic.objects.length).toBe(full.objects.length);
    expect(basic.objects.length).toBeGreaterThan(0);
    const allowed = new Set<string>(PARCEL_BASIC_FIELDS);
    expect(Object.keys(basic.feature).filter((key) => !allowed.has(key))).toEqual([]);
    const allowedObject = new Set<string>(BUILDING_BASIC_FIELDS);
    for (const object of basic.objects)
      expect(Object.keys(object).filter((key) => !allowedObject.has(key))).toEqual([]);
    // What objects-full sells is really missing from the free answer.
    const sold = Object.keys(full.feature).filter((key) => !allowed.has(key));
    expect(sold.length).toBeGreaterThan(5);
    expect(Object.keys(full.objects[0]).filter((key) => !allowedObject.has(key))).toEqual(
      expect.arrayContaining(['OBJ_SUR', 'OBJ_VOL', 'OBJ_FLO']),
    );
    expect(basic.canton).toBeUndefined();
  });
});
