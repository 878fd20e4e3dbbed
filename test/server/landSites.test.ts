import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DXF_LAYERS, SITE_DXF_LAYER } from '../../server/services/reports/dxf/lv95Drawing';
import { SITE_EGRID_SEPARATOR, type ParcelComparison } from '../../src/contract/Comparison';
import { formatNumber } from '../../src/lib/format/numbers';
import type { BasicParcel, BasicParcelObjectsResponse } from '../../src/contract/Parcel';
import { SITE_CONSTRAINT_KEYS, SITE_PATHS, siteQuery, type LandSite } from '../../src/contract/Sites';
import type { SubscriptionResponse } from '../../src/contract/Subscription';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { buildTestDataset } from './helpers/buildTestDataset';
import { graphicsStateBalance, readWithPoppler, renderWithPdfJs } from './helpers/pdfChecks';
import { subscribeToPlan } from './helpers/subscribeToPlan';
import { neighbouringParcels } from './helpers/neighbouringParcels';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
/** Three standard parcels in building zones, each touching the one before. */
let chain: string[];
/** Two standard parcels far apart (more than 0.5 m between any of their edges). */
let apart: string[];

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  ({ chain, apart } = neighbouringParcels(t.db));
}, 60_000);
afterAll(async () => t.close());

const site = (user: SignedIn, egrids: string[], lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/secure/${SITE_PATHS.figures}?${siteQuery(egrids)}`,
    headers: { ...user.headers, langcode: lang },
  });

const PNG_DIR = path.resolve(__dirname, '../../test-results/site-pdf');

const siteFile = (user: SignedIn, format: 'pdf' | 'dxf', egrids: string[], lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/secure/${SITE_PATHS[format]}?${siteQuery(egrids)}`,
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

/** Reads a DXF with ezdxf: audit errors, layers, closed polylines per layer and the parcel-number texts. */
const EZDXF_READER = `
import json, sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
auditor = doc.audit()
msp = doc.modelspace()
polylines = {}
for e in msp.query('LWPOLYLINE'):
    polylines[e.dxf.layer] = polylines.get(e.dxf.layer, 0) + (1 if e.closed else 0)
print(json.dumps({
  'errors': len(auditor.errors),
  'layers': sorted(layer.dxf.name for layer in doc.layers),
  'polylines': polylines,
  'numbers': [t.dxf.text for t in msp.query('TEXT[layer=="${DXF_LAYERS.parcelNumbers.name}"]')],
}))
`;

describe('GET /v1/secure/maps/site/pdf and /dxf', () => {
  it('counts a report download of each parcel, all or none: three parcels over the trial’s two count nothing', async () => {
    const user = await signIn(t.app);
    for (const format of ['pdf', 'dxf'] as const) {
      const refused = await siteFile(user, format, chain);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({ error: true, errorCode: 'LIMIT_REACHED_REPORT_DOWNLOAD' });
    }
    expect((await usage(user)).report_download).toBe(0);
    subscribeToPlan(t.db, user.user.id, 'standard', new Date());
    const pdf = await siteFile(user, 'pdf', chain);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="site-[\w-]+-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect((await usage(user)).report_download).toBe(3);
    // The DXF of the same parcels in the same period: counted already.
    expect((await siteFile(user, 'dxf', chain)).statusCode).toBe(200);
    expect((await usage(user)).report_download).toBe(3);
  });

  it.each(['de', 'en', 'fr', 'it'] as const)(
    'renders the site report that Poppler and pdf.js read without a warning (%s)',
    async (lang) => {
      const user = await signIn(t.app);
      subscribeToPlan(t.db, user.user.id, 'standard', new Date());
      const response = await siteFile(user, 'pdf', chain, lang);
      expect(response.statusCode).toBe(200);
      const pdf = response.rawPayload;
      fs.mkdirSync(PNG_DIR, { recursive: true });
      const poppler = readWithPoppler(pdf, path.join(PNG_DIR, `site-${lang}`), 80);
      expect(poppler.warnings).toEqual([]);
      expect(renderWithPdfJs(pdf).warnings).toEqual([]);
      for (const page of graphicsStateBalance(pdf)) expect(page).toMatchObject({ lowest: 0, end: 0 });
      expect(poppler.pageSize.height).toBeGreaterThan(poppler.pageSize.width);
      const tr = serverTranslator(lang);
      const text = poppler.pageTexts.join('\n').replace(/\s+/g, ' ');
      expect(poppler.pageTexts[0]).toContain(tr.t('site.pdf.title'));
      for (const egrid of chain) expect(text).toContain(egrid);
      const site = (await site3(user, lang)).json<LandSite>();
      // Every parcel number is on the plan (page 1) and in the table.
      for (const parcel of site.parcels) expect(poppler.pageTexts[0]).toContain(parcel.number);
      for (const constraint of site.constraints) expect(text).toContain(constraint.label.split(' ')[0]);
    },
  );

  it('writes the site DXF that ezdxf and GDAL read: the outline, every parcel numbered, the survey layers', async () => {
    const user = await signIn(t.app);
    subscribeToPlan(t.db, user.user.id, 'standard', new Date());
    const response = await siteFile(user, 'dxf', chain);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/dxf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-dxf-'));
    try {
      const file = path.join(dir, 'site.dxf');
      fs.writeFileSync(file, response.rawPayload);
      const ezdxf = spawnSync('/usr/bin/python3', ['-c', EZDXF_READER, file], { encoding: 'utf8' });
      expect(ezdxf.stderr).toBe('');
      const read = JSON.parse(ezdxf.stdout) as {
        errors: number;
        layers: string[];
        polylines: Record<string, number>;
        numbers: string[];
      };
      expect(read.errors).toBe(0);
      for (const layer of [...Object.values(DXF_LAYERS), SITE_DXF_LAYER])
        expect(read.layers).toContain(layer.name);
      expect(read.polylines[SITE_DXF_LAYER.name]).toBe(1);
      expect(read.polylines[DXF_LAYERS.parcel.name]).toBe(3);
      const site = (await site3(user, 'en')).json<LandSite>();
      for (const parcel of site.parcels) expect(read.numbers).toContain(parcel.number);
      const ogr = spawnSync('ogrinfo', ['-ro', '-q', '-sql', 'SELECT DISTINCT Layer FROM entities', file], {
        encoding: 'utf8',
      });
      expect(ogr.status).toBe(0);
      expect(ogr.stdout).toContain(SITE_DXF_LAYER.name);
      expect(ogr.stdout).toContain(DXF_LAYERS.parcel.name);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const site3 = (user: SignedIn, lang: string) => site(user, chain, lang);

describe('sites in the comparison', () => {
  const compare = (user: SignedIn, columns: string[], path = 'compare', lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/v1/secure/${path}?${columns.map((c) => `egrids=${encodeURIComponent(c)}`).join('&')}`,
      headers: { ...user.headers, langcode: lang },
    });

  it('compares a site of three neighbours with a lone parcel: figures summed, each parcel counted once', async () => {
    const user = await signIn(t.app);
    const siteKey = chain.join(SITE_EGRID_SEPARATOR);
    const lone = apart.find((egrid) => !chain.includes(egrid))!;
    const response = await compare(user, [siteKey, lone]);
    expect(response.statusCode).toBe(200);
    const body = response.json<ParcelComparison>();
    const parcels = await Promise.all(chain.map((egrid) => basic(user, egrid)));
    expect(body.parcels[0]).toMatchObject({
      egrid: siteKey,
      number: parcels.map((p) => p.PRC_NO).join(' + '),
      parcels: chain.map((egrid) => expect.objectContaining({ egrid })),
    });
    expect(body.parcels[1]).toMatchObject({ egrid: lone });
    expect(body.parcels[1].parcels).toBeUndefined();
    const figures = (await site(user, chain)).json<LandSite>();
    const value = (key: string) => body.rows.find((row) => row.key === key)!.values[0];
    expect(value('area')).toBe(`${formatNumber(figures.area, 2)} m²`);
    expect(value('reserve')).toBe(`${formatNumber(figures.reserve, 0)} m²`);
    expect(value('hazards')).toBe(figures.constraints.find((c) => c.key === 'hazards')!.value);
    // Three parcels in the site and one alone: four full views, and the site's own view adds none.
    expect((await usage(user)).full_view).toBe(4);
  });

  it('refuses a site whose parcels are not neighbours with the site panel’s sentence', async () => {
    const user = await signIn(t.app);
    const response = await compare(user, [apart.join(SITE_EGRID_SEPARATOR), chain[0]]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/do not form one site/);
    expect((await usage(user)).full_view).toBe(0);
    const malformed = await compare(user, [`${chain[0]}+not-an-egrid`, chain[1]]);
    expect(malformed.statusCode).toBe(400);
  });

  it('prints the site’s column in the comparison PDF, read by Poppler and pdf.js without a warning', async () => {
    const user = await signIn(t.app);
    // Four parcels are over the trial's report downloads: counted against a plan that allows them.
    subscribeToPlan(t.db, user.user.id, 'standard', new Date());
    const lone = apart.find((egrid) => !chain.includes(egrid))!;
    const response = await compare(user, [chain.join(SITE_EGRID_SEPARATOR), lone], 'compare/pdf', 'de');
    expect(response.statusCode).toBe(200);
    fs.mkdirSync(PNG_DIR, { recursive: true });
    const poppler = readWithPoppler(response.rawPayload, path.join(PNG_DIR, 'compare-site-de'), 80);
    expect(poppler.warnings).toEqual([]);
    expect(renderWithPdfJs(response.rawPayload).warnings).toEqual([]);
    const text = poppler.pageTexts.join('\n').replace(/\s+/g, ' ');
    for (const egrid of chain) expect(text).toContain(egrid);
    expect(text).toContain('1 Areal und 1 Parzelle im Vergleich');
    expect(text).toContain('Areal aus 3 Parzellen');
  });
});
