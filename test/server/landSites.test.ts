import type { BasicParcel, BasicParcelObjectsResponse } from '../../src/contract/Parcel';
import { SITE_CONSTRAINT_KEYS, SITE_PATHS, siteQuery, type LandSite } from '../../src/contract/Sites';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { areNeighbours, polygonsOf, type Polygons } from '../../server/services/sites/siteOutline';
import { lv95RingsToGeoJson, outlineLv95 } from '../../server/store/parcels/surveyGeometryCodec';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
/** Three standard parcels in building zones, each touching the one before. */
let chain: string[];
/** Two standard parcels far apart (more than 0.5 m between any of their edges). */
let apart: string[];

interface Row {
  prc_id: string;
  geom: Uint8Array;
  geom_lv95: Uint8Array | null;
}

/** A chain a–b–c where b touches a and c touches b (the dataset's own outlines). */
function findChain(rows: { egrid: string; outline: Polygons }[]): string[] {
  for (const a of rows) {
    const bs = rows.filter((b) => b !== a && areNeighbours(a.outline, b.outline));
    for (const b of bs) {
      const c = rows.find((c) => c !== a && c !== b && areNeighbours(b.outline, c.outline));
      if (c) return [a.egrid, b.egrid, c.egrid];
    }
  }
  throw new Error('no three neighbouring parcels in the test dataset');
}

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  const rows = (
    t.db
      .prepare(
        `SELECT prc_id, geom, geom_lv95 FROM parcels WHERE ind = 'Standard' AND reserve > 0 ORDER BY id LIMIT 60`,
      )
      .all() as Row[]
  ).map((row) => ({
    egrid: row.prc_id,
    outline: polygonsOf(lv95RingsToGeoJson(outlineLv95(row.geom, row.geom_lv95))),
  }));
  chain = findChain(rows);
  const first = rows[0];
  apart = [first.egrid, rows.find((row) => !areNeighbours(first.outline, row.outline, 50))!.egrid];
}, 60_000);
afterAll(async () => t.close());

const site = (user: SignedIn, egrids: string[], lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/secure/${SITE_PATHS.figures}?${siteQuery(egrids)}`,
    headers: { ...user.headers, langcode: lang },
  });

async function usage(user: SignedIn) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/secure/subscriptions',
    headers: user.headers,
  });
  return response.json<SubscriptionResponse>().subscription!.usage;
}

/** What the free detail route says of a parcel (register area and the dataset's stored reserve). */
async function basic(user: SignedIn, egrid: string): Promise<BasicParcel> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/secure/maps/prcid/${egrid}/objects`,
    headers: user.headers,
  });
  return response.json<BasicParcelObjectsResponse>().feature;
}

describe('GET /v1/secure/maps/site', () => {
  it('assembles three neighbouring parcels into one site with its outline, figures and constraints', async () => {
    const user = await signIn(t.app);
    const response = await site(user, chain, 'de');
    expect(response.statusCode).toBe(200);
    const body = response.json<LandSite>();
    expect(body.parcels.map((p) => p.egrid)).toEqual(chain);
    const parcels = await Promise.all(chain.map((egrid) => basic(user, egrid)));
    expect(body.parcels.map((p) => p.number)).toEqual(parcels.map((p) => p.PRC_NO));
    const area = parcels.reduce((sum, p) => sum + p.PRC_SUR, 0);
    expect(body.area).toBeCloseTo(area, 6);
    // The union is one outline without overlaps: its area is the parcels' (register areas are rounded).
    expect(body.outlineLv95.type).toBe('Polygon');
    expect(Math.abs(body.outlineArea - area) / area).toBeLessThan(0.01);
    expect(body.outline.type).toBe('Polygon');
    const [lon, lat] = (body.outline.coordinates as number[][][])[0][0];
    expect(lon).toBeGreaterThan(5.9);
    expect(lat).toBeGreaterThan(45.8);
    // The reserve is the sum of what the dataset build stored per parcel from the same rule (whole m²).
    const stored = parcels.reduce((sum, p) => sum + (p.POT_RES ?? 0), 0);
    expect(Math.abs(body.reserve - stored)).toBeLessThanOrEqual(chain.length);
    expect(body.buildableFloorArea).toBeGreaterThanOrEqual(body.reserve);
    const de = serverTranslator('de');
    expect(body.constraints.map((c) => c.key)).toEqual([...SITE_CONSTRAINT_KEYS]);
    for (const constraint of body.constraints) {
      expect(constraint.label).toBe(de.t(`site.constraint.${constraint.key}`));
      for (const number of constraint.parcels) expect(body.parcels.map((p) => p.number)).toContain(number);
    }
    // Viewing the site is a full view of each parcel, once per parcel and period.
    expect((await usage(user)).full_view).toBe(3);
    await site(user, [...chain].reverse());
    expect((await usage(user)).full_view).toBe(3);
  });

  it.each([
    ['one parcel', () => chain.slice(0, 1), 'Ein Areal braucht mindestens 2 Grundstücke'],
    [
      'twenty-one parcels',
      () => Array.from({ length: 21 }, (_, i) => `CH${String(i).padStart(12, '0')}`),
      'Ein Areal umfasst höchstens 20 Grundstücke',
    ],
  ])('refuses %s with a translated 400, counting nothing', async (_, pick, message) => {
    const user = await signIn(t.app);
    const response = await site(user, pick(), 'de');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true, message });
    expect((await usage(user)).full_view).toBe(0);
  });

  it('refuses parcels that do not touch with a translated 400 naming the separate groups', async () => {
    const user = await signIn(t.app);
    const response = await site(user, apart, 'fr');
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; groups: string[][] }>();
    expect(body.message).toBe(serverTranslator('fr').t('server.site.notNeighbours'));
    expect(body.groups).toHaveLength(2);
    expect((await usage(user)).full_view).toBe(0);
  });

  it('refuses unknown EGRIDs with a 404 naming them, and malformed ones with a 400', async () => {
    const user = await signIn(t.app);
    const unknown = await site(user, [chain[0], 'CH999999999999']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Unknown EGRID: CH999999999999');
    const malformed = await site(user, [chain[0], 'DROP TABLE']);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/egrids/);
    const twice = await site(user, [chain[0], chain[0]]);
    expect(twice.statusCode).toBe(400);
    expect((await usage(user)).full_view).toBe(0);
  });

  it('refuses a request without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/secure/${SITE_PATHS.figures}?${siteQuery(chain)}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
