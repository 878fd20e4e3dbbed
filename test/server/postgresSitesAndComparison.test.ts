import { buildDatasetAsync } from '../../server/data/buildDataset';
import { addMonths } from '../../server/services/quota/subscriptionPeriod';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { createPostgresDatasetWriter } from '../../server/store/postgres/parcels/createPostgresDatasetWriter';
import { SITE_EGRID_SEPARATOR, type ParcelComparison } from '../../src/contract/Comparison';
import { SITE_PATHS, siteQuery, type LandSite } from '../../src/contract/Sites';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { buildTestDataset, TEST_DATASET_OPTIONS } from './helpers/buildTestDataset';
import { neighbouringParcels } from './helpers/neighbouringParcels';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { graphicsStateBalance, readWithPoppler } from './helpers/pdfChecks';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

// On PostgreSQL, land sites and sites in the comparison answer exactly as on the SQLite default.
// Both apps hold the same deterministic test dataset; the SQLite one is the oracle and finds the parcels.
let database: TestPostgresDatabase;
let onPostgres: TestApp;
let onSqlite: TestApp;
/** Three standard parcels, each touching the one before. */
let chain: string[];
/** Two standard parcels far apart. */
let apart: string[];

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  onPostgres = await createTestApp({ DATABASE_URL: database.url });
  const writing = await connectPostgres(database.url);
  try {
    await buildDatasetAsync(createPostgresDatasetWriter(writing), TEST_DATASET_OPTIONS);
  } finally {
    await writing.close();
  }
  onSqlite = await createTestApp();
  buildTestDataset(onSqlite.db);
  ({ chain, apart } = neighbouringParcels(onSqlite.db));
}, 120_000);
afterAll(async () => {
  await onPostgres?.close();
  await onSqlite?.close();
  await database?.drop();
});

const get = (t: TestApp, user: SignedIn, url: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { ...user.headers, langcode: lang } });
const compareUrl = (columns: string[]) =>
  `/v1/secure/compare?${columns.map((c) => `egrids=${encodeURIComponent(c)}`).join('&')}`;

async function usage(t: TestApp, user: SignedIn) {
  const response = await get(t, user, '/v1/secure/subscriptions');
  return response.json<SubscriptionResponse>().subscription!.usage;
}

/** A month of the Standard plan, written through the app's own stores (PostgreSQL here). */
async function subscribeToStandard(t: TestApp, user: SignedIn): Promise<void> {
  const plan = (await t.app.ctx.plans.byId('standard'))!;
  const start = new Date();
  await t.app.ctx.payments.subscriptions.save({
    userId: user.user.id,
    planId: plan.id,
    product: plan.name,
    status: 'active',
    periodStart: start.toISOString(),
    periodEnd: addMonths(start, 1).toISOString(),
    intervalMonths: 1,
    cancelAtPeriodEnd: false,
    limits: {
      advance_search: plan.limits.max_advance_search,
      full_view: plan.limits.max_full_view,
      report_download: plan.limits.max_report_download,
    },
    provider: 'test',
    providerCustomerId: null,
    providerSubscriptionId: null,
  });
}

describe('land sites on PostgreSQL', () => {
  it('assembles the same site with the same outline, figures and constraints as on SQLite', async () => {
    const url = `/v1/secure/${SITE_PATHS.figures}?${siteQuery(chain)}`;
    const [pg, sqlite] = await Promise.all([
      get(onPostgres, await signIn(onPostgres.app), url, 'de'),
      get(onSqlite, await signIn(onSqlite.app), url, 'de'),
    ]);
    expect(pg.statusCode).toBe(200);
    const site = pg.json<LandSite>();
    expect(site.parcels.map((parcel) => parcel.egrid)).toEqual(chain);
    expect(site.area).toBeGreaterThan(0);
    expect(site).toEqual(sqlite.json<LandSite>());
  });

  it('refuses parcels that do not touch with the same translated 400, counting nothing', async () => {
    const user = await signIn(onPostgres.app);
    const response = await get(onPostgres, user, `/v1/secure/${SITE_PATHS.figures}?${siteQuery(apart)}`);
    expect(response.statusCode).toBe(400);
    const sqlite = await get(
      onSqlite,
      await signIn(onSqlite.app),
      `/v1/secure/${SITE_PATHS.figures}?${siteQuery(apart)}`,
    );
    const withoutRequestId = ({ requestId: _, ...rest }: { requestId: string }) => rest;
    expect(withoutRequestId(response.json())).toEqual(withoutRequestId(sqlite.json()));
    expect((await usage(onPostgres, user)).full_view).toBe(0);
  });

  it('writes the site PDF and DXF, counting each parcel’s report download once', async () => {
    const user = await signIn(onPostgres.app);
    await subscribeToStandard(onPostgres, user);
    const pdf = await get(onPostgres, user, `/v1/secure/${SITE_PATHS.pdf}?${siteQuery(chain)}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const poppler = readWithPoppler(pdf.rawPayload);
    expect(poppler.warnings).toEqual([]);
    for (const page of graphicsStateBalance(pdf.rawPayload))
      expect(page).toMatchObject({ lowest: 0, end: 0 });
    for (const egrid of chain) expect(poppler.pageTexts.join(' ')).toContain(egrid);
    expect((await usage(onPostgres, user)).report_download).toBe(3);
    const dxf = await get(onPostgres, user, `/v1/secure/${SITE_PATHS.dxf}?${siteQuery(chain)}`);
    expect(dxf.statusCode).toBe(200);
    expect(dxf.body).toMatch(/^\s*0\r?\nSECTION/);
    expect((await usage(onPostgres, user)).report_download).toBe(3);
  });
});

describe('sites in the comparison on PostgreSQL', () => {
  it('compares a site with a lone parcel exactly as SQLite does, each parcel counted once', async () => {
    const lone = apart.find((egrid) => !chain.includes(egrid))!;
    const columns = [chain.join(SITE_EGRID_SEPARATOR), lone];
    const user = await signIn(onPostgres.app);
    const [pg, sqlite] = await Promise.all([
      get(onPostgres, user, compareUrl(columns), 'fr'),
      get(onSqlite, await signIn(onSqlite.app), compareUrl(columns), 'fr'),
    ]);
    expect(pg.statusCode).toBe(200);
    const body = pg.json<ParcelComparison>();
    expect(body.parcels.map((column) => column.egrid)).toEqual(columns);
    expect(body).toEqual(sqlite.json<ParcelComparison>());
    expect((await usage(onPostgres, user)).full_view).toBe(4);
  });

  it('refuses a site of parcels that are not neighbours with a 400, counting nothing', async () => {
    const user = await signIn(onPostgres.app);
    const response = await get(onPostgres, user, compareUrl([apart.join(SITE_EGRID_SEPARATOR), chain[0]]));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/do not form one site/);
    expect((await usage(onPostgres, user)).full_view).toBe(0);
  });
});
