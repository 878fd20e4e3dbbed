import DxfParser from 'dxf-parser';
import * as WebIfc from 'web-ifc';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { pdfText } from './helpers/pdfText';
import { REPORT_PATHS, reportTabQuery, type OneTimeTokenResponse } from '../../src/contract/Reports';
import type { ReportFileFormat } from '../../src/contract/Reports';
import { ifcEngine } from '../../server/services/reports/ifc/writeParcelIfc';
import { DXF_LAYERS } from '../../server/services/reports/dxf/lv95Drawing';
import { ONE_TIME_TOKEN_TTL_MS } from '../../server/services/reports/OneTimeTokens';
import { serverTranslator, type ServerLanguage } from '../../server/services/i18n/ServerTranslator';
import { REPORT_SECTION_IDS } from '../../server/services/reports/reportSections';
import type { SubscriptionResponse } from '../../src/contract/Subscription';

let t: TestApp;
/** A parcel with buildings and fixed points, and a second one. */
let parcelId: string;
let parcelNo: string;
let buildingCount: number;
let otherParcelId: string;

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
  const candidates = t.db
    .prepare(`SELECT prc_id FROM parcels WHERE obj_count >= 2 AND ind = 'Standard' ORDER BY id`)
    .pluck()
    .all() as string[];
  const details = await Promise.all(candidates.map((id) => t.app.ctx.parcels.parcel(id)));
  const detail = details.find((d) => (d?.parcel.FIXPOINTS ?? []).length > 0)!;
  parcelId = detail.parcel.PRC_ID;
  parcelNo = detail.parcel.PRC_NO;
  buildingCount = detail.objects.length;
  otherParcelId = t.db
    .prepare(`SELECT prc_id FROM parcels WHERE prc_id != ? AND ind = 'Standard' ORDER BY id LIMIT 1`)
    .pluck()
    .get(parcelId) as string;
}, 60_000);
afterAll(async () => t.close());

const secure = (path: string) => `/v1/secure/${path}`;

async function token(user: SignedIn, prcId: string, kind: 'export' | 'assessment' = 'export') {
  const path = kind === 'export' ? REPORT_PATHS.exportToken(prcId) : REPORT_PATHS.aiReportToken(prcId);
  return t.app.inject({ method: 'GET', url: secure(path), headers: user.headers });
}

async function tokenFor(user: SignedIn, prcId: string, kind: 'export' | 'assessment' = 'export') {
  const response = await token(user, prcId, kind);
  expect(response.statusCode).toBe(200);
  return response.json<OneTimeTokenResponse>().token;
}

async function download(
  format: ReportFileFormat,
  query: { prcid: string; lang: ServerLanguage; ott_token: string },
) {
  return t.app.inject({
    method: 'GET',
    url: `${secure(REPORT_PATHS.file(format))}?${reportTabQuery(query)}`,
  });
}

async function usage(user: SignedIn) {
  const response = await t.app.inject({ method: 'GET', url: secure('subscriptions'), headers: user.headers });
  return response.json<SubscriptionResponse>().subscription!.usage.report_download;
}

describe('the PDF report', () => {
  it.each(['de', 'it', 'fr', 'en'] as const)(
    'opens as a PDF named after the parcel and holds every section title in %s',
    async (lang) => {
      const user = await signIn(t.app);
      const response = await download('pdf', {
        prcid: parcelId,
        lang,
        ott_token: await tokenFor(user, parcelId),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="${parcelId}-[A-Za-z-]+-\\d{4}-\\d{2}-\\d{2}\\.pdf"`),
      );
      const text = pdfText(response.rawPayload);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(parcelId);
      expect(flat).toContain(parcelNo);
      const tr = serverTranslator(lang);
      for (const id of REPORT_SECTION_IDS) expect(flat).toContain(tr.t(`report.section.${id}`));
      expect(flat).toContain(tr.t('report.field.pricePerM2'));
      expect(flat).toContain(tr.t('report.pdf.page', { page: 1, pages: 3 }).split(' ')[0]);
    },
  );
});

describe('the DXF export', () => {
  it('parses back with one layer per kind and LV95 coordinates', async () => {
    const user = await signIn(t.app);
    const response = await download('dxf', {
      prcid: parcelId,
      lang: 'en',
      ott_token: await tokenFor(user, parcelId),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.dxf"/);
    const dxf = new DxfParser().parseSync(response.body)!;
    const byLayer = (name: string) => dxf.entities.filter((e) => e.layer === name);
    expect(byLayer(DXF_LAYERS.parcel.name)).toHaveLength(1);
    expect(byLayer(DXF_LAYERS.buildings.name).length).toBeGreaterThanOrEqual(buildingCount);
    expect(byLayer(DXF_LAYERS.neighbours.name).length).toBeGreaterThan(3);
    expect(byLayer(DXF_LAYERS.fixedPoints.name).length).toBeGreaterThan(0);
    expect(byLayer(DXF_LAYERS.parcelNumbers.name).length).toBeGreaterThan(3);
    const vertices = dxf.entities.flatMap((e) =>
      'vertices' in e ? (e.vertices as { x: number; y: number }[]) : [],
    );
    expect(vertices.length).toBeGreaterThan(10);
    for (const { x, y } of vertices) {
      expect(x).toBeGreaterThan(2_480_000);
      expect(x).toBeLessThan(2_840_000);
      expect(y).toBeGreaterThan(1_070_000);
      expect(y).toBeLessThan(1_300_000);
    }
  });
});

describe('the IFC export', () => {
  it('parses back with one IfcSite, one IfcBuilding per building and the LV95 map conversion', async () => {
    const user = await signIn(t.app);
    const response = await download('ifc', {
      prcid: parcelId,
      lang: 'en',
      ott_token: await tokenFor(user, parcelId),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ifc"/);
    const ifc = await ifcEngine();
    const model = ifc.OpenModel(new Uint8Array(response.rawPayload));
    try {
      expect(ifc.GetModelSchema(model)).toBe('IFC4');
      expect(ifc.GetLineIDsWithType(model, WebIfc.IFCSITE).size()).toBe(1);
      expect(ifc.GetLineIDsWithType(model, WebIfc.IFCBUILDING).size()).toBe(buildingCount);
      expect(ifc.GetLineIDsWithType(model, WebIfc.IFCBUILDINGSTOREY).size()).toBeGreaterThanOrEqual(
        buildingCount,
      );
      const conversion = ifc.GetLine(model, ifc.GetLineIDsWithType(model, WebIfc.IFCMAPCONVERSION).get(0));
      expect(conversion.Eastings.value).toBeGreaterThan(2_480_000);
      expect(conversion.Northings.value).toBeGreaterThan(1_070_000);
      const crs = ifc.GetLine(model, ifc.GetLineIDsWithType(model, WebIfc.IFCPROJECTEDCRS).get(0));
      expect(crs.Name.value).toBe('EPSG:2056');
    } finally {
      ifc.CloseModel(model);
    }
  });
});

describe('the report-download quota', () => {
  it('counts the same parcel once per period (re-downloads, other languages, other formats are free)', async () => {
    const user = await signIn(t.app);
    expect(await usage(user)).toBe(0);
    for (const [format, lang] of [
      ['pdf', 'de'],
      ['pdf', 'it'],
      ['dxf', 'en'],
      ['pdf', 'de'],
    ] as const) {
      const response = await download(format, {
        prcid: parcelId,
        lang,
        ott_token: await tokenFor(user, parcelId),
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await usage(user)).toBe(1);
    await download('pdf', {
      prcid: otherParcelId,
      lang: 'en',
      ott_token: await tokenFor(user, otherParcelId),
    });
    expect(await usage(user)).toBe(2);
  });

  it('at the limit refuses a new parcel with 402 LIMIT_REACHED_REPORT_DOWNLOAD, still serves a counted one', async () => {
    const user = await signIn(t.app);
    // The trial allows 2 report downloads.
    await download('pdf', { prcid: parcelId, lang: 'en', ott_token: await tokenFor(user, parcelId) });
    await download('pdf', {
      prcid: otherParcelId,
      lang: 'en',
      ott_token: await tokenFor(user, otherParcelId),
    });
    const third = t.db
      .prepare('SELECT prc_id FROM parcels WHERE prc_id NOT IN (?, ?) LIMIT 1')
      .pluck()
      .get(parcelId, otherParcelId) as string;
    const refused = await token(user, third);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      error: true,
      errorCode: 'LIMIT_REACHED_REPORT_DOWNLOAD',
      errorMessage: 'You have reached the report download limit of your plan',
    });
    expect((await token(user, parcelId)).statusCode).toBe(200);
    expect(await usage(user)).toBe(2);
  });

  it('lets 30 parallel downloads of different parcels at the limit never overshoot it', async () => {
    const user = await signIn(t.app);
    const ids = t.db
      .prepare("SELECT prc_id FROM parcels WHERE ind = 'Standard' LIMIT 30")
      .pluck()
      .all() as string[];
    // Tokens are taken while the quota still allows: all 30 are issued, then downloaded at once.
    const tokens = await Promise.all(ids.map((id) => tokenFor(user, id, 'assessment')));
    const responses = await Promise.all(
      ids.map((id, i) =>
        t.app.inject({
          method: 'GET',
          url: `${secure(REPORT_PATHS.aiReportForPlot)}?${reportTabQuery({ prcid: id, lang: 'en', ott_token: tokens[i] })}`,
        }),
      ),
    );
    const served = responses.filter((r) => r.statusCode === 200).length;
    const refused = responses.filter((r) => r.statusCode === 402);
    expect(served).toBe(2);
    expect(refused).toHaveLength(28);
    expect(refused[0].body).toContain('LIMIT_REACHED_REPORT_DOWNLOAD');
    expect(await usage(user)).toBe(2);
  });
});

describe('cheap checks first', () => {
  it('refuses downloads over the quota before rendering them: 18 PDFs at the limit render only 2', async () => {
    const user = await signIn(t.app);
    const ids = t.db
      .prepare("SELECT prc_id FROM parcels WHERE ind = 'Standard' LIMIT 18")
      .pluck()
      .all() as string[];
    const tokens = await Promise.all(ids.map((id) => tokenFor(user, id)));
    const render = jest.spyOn(t.app.ctx.reports.documents, 'file');
    // Two are downloaded (the trial's two); the other 16 meet the used-up quota.
    for (const [i, id] of ids.slice(0, 2).entries())
      expect((await download('pdf', { prcid: id, lang: 'en', ott_token: tokens[i] })).statusCode).toBe(200);
    const rest = await Promise.all(
      ids.slice(2).map((id, i) => download('pdf', { prcid: id, lang: 'en', ott_token: tokens[i + 2] })),
    );
    expect(rest.every((response) => response.statusCode === 402)).toBe(true);
    expect(render).toHaveBeenCalledTimes(2);
    render.mockRestore();
  });
});

describe('one-time tokens', () => {
  it('open a document once: the second use gets a clear page, not a 500', async () => {
    const user = await signIn(t.app);
    const ott = await tokenFor(user, parcelId);
    expect((await download('pdf', { prcid: parcelId, lang: 'en', ott_token: ott })).statusCode).toBe(200);
    const again = await download('pdf', { prcid: parcelId, lang: 'de', ott_token: ott });
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(again.body).toContain(serverTranslator('de').t('report.page.usedToken'));
  });

  it('expire after 5 minutes', async () => {
    const user = await signIn(t.app);
    const ott = await tokenFor(user, parcelId);
    const realNow = Date.now;
    Date.now = () => realNow() + ONE_TIME_TOKEN_TTL_MS + 1;
    try {
      const response = await download('pdf', { prcid: parcelId, lang: 'en', ott_token: ott });
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain('expired');
    } finally {
      Date.now = realNow;
    }
  });

  it('are bound to the parcel, and refused with another user\u2019s bearer', async () => {
    const owner = await signIn(t.app);
    const other = await signIn(t.app);
    const ott = await tokenFor(owner, parcelId);
    const wrongParcel = await download('pdf', { prcid: otherParcelId, lang: 'en', ott_token: ott });
    expect(wrongParcel.statusCode).toBe(403);
    const wrongUser = await t.app.inject({
      method: 'GET',
      url: `${secure(REPORT_PATHS.file('pdf'))}?${reportTabQuery({ prcid: parcelId, lang: 'en', ott_token: ott })}`,
      headers: other.headers,
    });
    expect(wrongUser.statusCode).toBe(403);
    expect(wrongUser.body).toContain('another user');
    // Neither refusal used the token: its owner still opens the report.
    expect((await download('pdf', { prcid: parcelId, lang: 'en', ott_token: ott })).statusCode).toBe(200);
  });

  it('end with the session that asked for them', async () => {
    const user = await signIn(t.app);
    const ott = await tokenFor(user, parcelId);
    await t.app.ctx.sessions.revoke(user.sessionId);
    const response = await download('pdf', { prcid: parcelId, lang: 'en', ott_token: ott });
    expect(response.statusCode).toBe(401);
  });

  it('need a signed-in user with the map role to be issued', async () => {
    const response = await t.app.inject({ method: 'GET', url: secure(REPORT_PATHS.exportToken(parcelId)) });
    expect(response.statusCode).toBe(401);
    const unknown = await token(await signIn(t.app), 'CH000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the automated assessment', () => {
  it('is a printable page in the chosen language that names the parcel and its rules', async () => {
    const user = await signIn(t.app);
    const ott = await tokenFor(user, parcelId, 'assessment');
    const response = await t.app.inject({
      method: 'GET',
      url: `${secure(REPORT_PATHS.aiReportForPlot)}?${reportTabQuery({ prcid: parcelId, lang: 'fr', ott_token: ott })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const fr = serverTranslator('fr');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain(parcelId);
    for (const id of [
      'assessment.label',
      'assessment.section.potential',
      'assessment.section.constraints',
      'assessment.section.opportunities',
    ])
      expect(response.body).toContain(fr.t(id));
  });

  it('says no-ai-report-available without a token and no-plot-item-selected without a parcel (spec §8)', async () => {
    const noToken = await t.app.inject({
      method: 'GET',
      url: `${secure(REPORT_PATHS.aiReport)}?prcid=${parcelId}&lang=de`,
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.body).toContain('data-error-code="no-ai-report-available"');
    expect(noToken.body).toContain(serverTranslator('de').t('report.page.noAiReport'));
    const user = await signIn(t.app);
    const ott = await tokenFor(user, parcelId, 'assessment');
    const noParcel = await t.app.inject({
      method: 'GET',
      url: `${secure(REPORT_PATHS.aiReport)}?lang=it&ott_token=${ott}`,
    });
    expect(noParcel.statusCode).toBe(400);
    expect(noParcel.body).toContain('data-error-code="no-plot-item-selected"');
    expect(noParcel.body).toContain(serverTranslator('it').t('report.page.noPlotSelected'));
  });

  it('does not open with an export token (tokens are bound to their purpose)', async () => {
    const user = await signIn(t.app);
    const ott = await tokenFor(user, parcelId, 'export');
    const response = await t.app.inject({
      method: 'GET',
      url: `${secure(REPORT_PATHS.aiReportForPlot)}?${reportTabQuery({ prcid: parcelId, lang: 'en', ott_token: ott })}`,
    });
    expect(response.statusCode).toBe(403);
  });
});
