import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ParcelComparison } from '../../src/contract/Comparison';
import { COMPARISON_ROW_KEYS } from '../../src/contract/Comparison';
import { REPORT_PATHS, reportTabQuery, type OneTimeTokenResponse } from '../../src/contract/Reports';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { buildTestDataset } from './helpers/buildTestDataset';
import { subscribeToPlan } from './helpers/subscribeToPlan';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { readWithPoppler, renderWithPdfJs } from './helpers/pdfChecks';

const PNG_DIR = path.resolve(__dirname, '../../test-results/compare-pdf');

let t: TestApp;
/** Standard parcels with buildings, in dataset order. */
let parcels: string[];

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  parcels = t.db
    .prepare(`SELECT prc_id FROM parcels WHERE ind = 'Standard' AND obj_count >= 1 ORDER BY id LIMIT 8`)
    .pluck()
    .all() as string[];
}, 60_000);
afterAll(async () => t.close());

const subscribe = (userId: string, planId: string) => subscribeToPlan(t.db, userId, planId, new Date());

const query = (egrids: string[]) => egrids.map((e) => `egrids=${encodeURIComponent(e)}`).join('&');

const compare = (user: SignedIn, egrids: string[], lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/secure/compare?${query(egrids)}`,
    headers: { ...user.headers, langcode: lang },
  });

const comparisonPdf = (user: SignedIn, egrids: string[], lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/secure/compare/pdf?${query(egrids)}`,
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

describe('GET /v1/secure/compare', () => {
  it('answers the aligned rows of three parcels in the language asked for', async () => {
    const user = await signIn(t.app);
    const egrids = parcels.slice(0, 3);
    const response = await compare(user, egrids, 'de');
    expect(response.statusCode).toBe(200);
    const body = response.json<ParcelComparison>();
    expect(body.parcels.map((p) => p.egrid)).toEqual(egrids);
    expect(body.rows.map((r) => r.key)).toEqual([...COMPARISON_ROW_KEYS]);
    const de = serverTranslator('de');
    for (const row of body.rows) {
      expect(row.label).toBe(de.t(`compare.row.${row.key}`));
      expect(row.values).toHaveLength(3);
      expect(row.ranks).toHaveLength(3);
      expect(row.differs).toBe(new Set(row.values).size > 1);
    }
    // The parcels' areas differ, so the area row is marked.
    expect(body.rows.find((r) => r.key === 'area')!.differs).toBe(true);
    // Viewing the comparison is a full view of each parcel, once per parcel and period.
    expect((await usage(user)).full_view).toBe(3);
    await compare(user, egrids);
    expect((await usage(user)).full_view).toBe(3);
  });

  it.each([
    ['one parcel', (ids: string[]) => ids.slice(0, 1)],
    ['six parcels', (ids: string[]) => ids.slice(0, 6)],
    ['the same parcel twice', (ids: string[]) => [ids[0], ids[0]]],
    ['a malformed EGRID', (ids: string[]) => [ids[0], 'DROP TABLE']],
  ])('refuses %s with a 400 and a message, counting nothing', async (_, pick) => {
    const user = await signIn(t.app);
    for (const request of [compare, comparisonPdf]) {
      const response = await request(user, pick(parcels));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/egrids/i);
    }
    expect(await usage(user)).toMatchObject({ full_view: 0, report_download: 0 });
  });

  it('refuses unknown EGRIDs with a 404 naming them', async () => {
    const user = await signIn(t.app);
    for (const request of [compare, comparisonPdf]) {
      const response = await request(user, [parcels[0], 'CH999999999999']);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Unknown EGRID: CH999999999999');
    }
    expect(await usage(user)).toMatchObject({ full_view: 0, report_download: 0 });
  });

  it('refuses a request without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/secure/compare?${query(parcels.slice(0, 2))}`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /v1/secure/compare/pdf', () => {
  it('counts each parcel once per period as a report download, shared with the parcel report', async () => {
    // The trial allows 2 report downloads.
    const user = await signIn(t.app);
    const [a, b, c] = parcels;
    const first = await comparisonPdf(user, [a, b]);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="parcel-comparison-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect((await usage(user)).report_download).toBe(2);
    // Again, in another language: both parcels were counted this period.
    expect((await comparisonPdf(user, [b, a], 'fr')).statusCode).toBe(200);
    expect((await usage(user)).report_download).toBe(2);
    // The parcel's own report is free too.
    const issued = await t.app.inject({
      method: 'GET',
      url: `/v1/secure/${REPORT_PATHS.exportToken(a)}`,
      headers: user.headers,
    });
    const token = issued.json<OneTimeTokenResponse>().token;
    const report = await t.app.inject({
      method: 'GET',
      url: `/v1/secure/${REPORT_PATHS.file('pdf')}?${reportTabQuery({ prcid: a, lang: 'en', ott_token: token })}`,
    });
    expect(report.statusCode).toBe(200);
    expect((await usage(user)).report_download).toBe(2);
    // A third parcel is over the limit: refused, and nothing of the request is counted.
    const refused = await comparisonPdf(user, [a, b, c]);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: true, errorCode: 'LIMIT_REACHED_REPORT_DOWNLOAD' });
    expect((await usage(user)).report_download).toBe(2);
  });

  it('counts all the parcels or none: three new parcels over a limit of two count nothing', async () => {
    const user = await signIn(t.app);
    const response = await comparisonPdf(user, parcels.slice(3, 6));
    expect(response.statusCode).toBe(402);
    expect((await usage(user)).report_download).toBe(0);
    const rows = t.db
      .prepare('SELECT COUNT(*) FROM parcel_downloads WHERE user_id = ?')
      .pluck()
      .get(user.user.id) as number;
    expect(rows).toBe(0);
  });

  it.each(['de', 'fr', 'it', 'en'] as const)(
    'renders five parcels on landscape pages Poppler and pdf.js read without a warning (%s)',
    async (lang) => {
      const user = await signIn(t.app);
      // Five parcels are over the trial's limit: counted against a plan that allows them.
      subscribe(user.user.id, 'standard');
      const egrids = parcels.slice(0, 5);
      const response = await comparisonPdf(user, egrids, lang);
      expect(response.statusCode).toBe(200);
      const pdf = response.rawPayload;
      fs.mkdirSync(PNG_DIR, { recursive: true });
      const poppler = readWithPoppler(pdf, path.join(PNG_DIR, `compare-${lang}`), 70);
      expect(poppler.warnings).toEqual([]);
      expect(renderWithPdfJs(pdf).warnings).toEqual([]);
      const tr = serverTranslator(lang);
      const text = poppler.pageTexts.join('\n').replace(/\s+/g, ' ');
      for (const egrid of egrids) expect(text).toContain(egrid);
      // Labels wrap in their column: their first word is on the page.
      for (const key of COMPARISON_ROW_KEYS) expect(text).toContain(tr.t(`compare.row.${key}`).split(' ')[0]);
      expect((await usage(user)).report_download).toBe(5);
      // Landscape: wider than high.
      const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
      const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
      expect(Number(size[1])).toBeGreaterThan(Number(size[2]));
    },
  );
});
