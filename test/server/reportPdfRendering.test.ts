import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { serverTranslator, SERVER_LANGUAGES } from '../../server/services/i18n/ServerTranslator';
import { renderParcelPdf, type RenderedPdf } from '../../server/services/reports/pdf/renderParcelPdf';
import { reportSections, REPORT_SECTION_IDS } from '../../server/services/reports/reportSections';
import { loadReportSubject, type ReportSubject } from '../../server/services/reports/ReportSubject';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { buildTestDataset } from './helpers/buildTestDataset';
import { graphicsStateBalance, readWithPoppler, renderAllWithPdfJs, wordBoxes } from './helpers/pdfChecks';
import { pointInRing } from '../../server/geo/ring';
import { pointsPerMetre } from '../../server/services/reports/map/mapScale';

/** The four default cantons, each a small dataset of its own (the first municipalities by BFS number). */
const CANTONS = ['ZG', 'LU', 'GE', 'TI'] as const;
const PNG_DIR = path.resolve(__dirname, '../../test-results/report-pdf');

interface Case {
  kind: string;
  subject: ReportSubject;
}

const dirs: string[] = [];
const databases: Database[] = [];
const cases: Case[] = [];

function pick(db: Database, sql: string, ...params: unknown[]): string | undefined {
  return db
    .prepare(sql)
    .pluck()
    .get(...params) as string | undefined;
}

beforeAll(async () => {
  for (const canton of CANTONS) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `report-pdf-${canton}-`));
    dirs.push(dir);
    const db = openDatabase(path.join(dir, 'test.sqlite'));
    databases.push(db);
    buildTestDataset(db, { cantons: [canton], maxMunicipalities: 3, maxParcelsPerMunicipality: 600 });
    const { parcels, priceLevels } = createSqliteStores(db);
    const sources = { parcels, priceLevels };
    const load = async (id: string) => (await loadReportSubject(sources, id))!;
    const subject = async (kind: string, id: string | undefined) => {
      if (!id) throw new Error(`No ${kind} parcel in ${canton}`);
      cases.push({ kind: `${canton} ${kind}`, subject: await load(id) });
    };
    const roads = new Set(
      db.prepare(`SELECT prc_id FROM parcels WHERE ind = 'Road'`).pluck().all() as string[],
    );
    const standard = db
      .prepare(`SELECT prc_id FROM parcels WHERE ind = 'Standard' AND obj_count >= 1 ORDER BY id LIMIT 40`)
      .pluck()
      .all() as string[];
    const standardSubjects = await Promise.all(standard.map(load));
    await subject(
      'built parcel with a road neighbour',
      standardSubjects.find((s) => s.surroundings.neighbours.some((n) => roads.has(n.prcId)))?.parcel.PRC_ID,
    );
    await subject(
      'road parcel',
      pick(db, `SELECT prc_id FROM parcels WHERE ind = 'Road' ORDER BY sur DESC LIMIT 1`),
    );
    await subject(
      'largest parcel outside the building zone (farmland, forest)',
      pick(
        db,
        `SELECT prc_id FROM parcels WHERE ind = 'Standard' AND (bravo_pri IS NULL OR bravo_pri NOT LIKE '1%')
         ORDER BY sur DESC LIMIT 1`,
      ) ?? pick(db, `SELECT prc_id FROM parcels WHERE ind = 'Standard' ORDER BY sur DESC LIMIT 1`),
    );
    // Water parcels (main use 31) are lakes and rivers: their neighbours are the shore.
    const water = db.prepare(`SELECT prc_id FROM parcels WHERE bravo_pri = '31'`).pluck().all() as string[];
    const shore = standardSubjects.find((s) => s.surroundings.neighbours.some((n) => water.includes(n.prcId)))
      ?.parcel.PRC_ID;
    await subject(
      shore ? 'shore parcel' : 'parcel with the most buildings around',
      shore ??
        [...standardSubjects].sort(
          (a, b) => b.surroundings.buildings.length - a.surroundings.buildings.length,
        )[0]?.parcel.PRC_ID,
    );
    await subject(
      'small built parcel',
      pick(db, `SELECT prc_id FROM parcels WHERE obj_count >= 1 ORDER BY sur LIMIT 1`),
    );
    await subject(
      'dense neighbourhood',
      standardSubjects.find((s) => s.surroundings.buildings.length >= 10)?.parcel.PRC_ID,
    );
  }
  // A parcel carrying 60 buildings (the generator puts two at most on one): the buildings table runs
  // over pages, its header repeated.
  const many = cases[0].subject;
  cases.push({
    kind: 'ZG parcel with 60 buildings',
    subject: {
      ...many,
      objects: Array.from({ length: 60 }, (_, i) => ({
        ...many.objects[0],
        OBJ_ID: `${many.objects[0].OBJ_ID}-${i}`,
      })),
    },
  });
  fs.mkdirSync(PNG_DIR, { recursive: true });
}, 240_000);

afterAll(() => {
  for (const db of databases) db.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the PDF report in Poppler and pdf.js', () => {
  it('has at least 20 parcels of every kind across the four cantons', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.map((c) => c.subject.parcel.CANTON))).toEqual(new Set(CANTONS));
  });

  it('renders every page of every report without a warning, q/Q balanced, on the pages it promised', async () => {
    const languageOf = (index: number) => SERVER_LANGUAGES[index % SERVER_LANGUAGES.length];
    const reports: RenderedPdf[] = [];
    for (const [index, { subject }] of cases.entries())
      reports.push(
        await renderParcelPdf(subject, serverTranslator(languageOf(index)), {
          now: new Date('2026-11-26T10:00:00Z'),
          demoData: true,
        }),
      );
    const pdfjsReadings = renderAllWithPdfJs(reports.map((report) => report.pdf));
    for (const [index, { kind, subject }] of cases.entries()) {
      const language = languageOf(index);
      const t = serverTranslator(language);
      const rendered = reports[index];
      const label = `${kind} ${subject.parcel.PRC_ID} (${language})`;
      const png = index % 5 === 0 ? path.join(PNG_DIR, `${subject.parcel.PRC_ID}-${language}`) : undefined;
      const poppler = readWithPoppler(rendered.pdf, png);
      expect({ label, warnings: poppler.warnings }).toEqual({ label, warnings: [] });
      expect({ label, pages: poppler.pages }).toEqual({ label, pages: rendered.pages });
      const pdfjs = pdfjsReadings[index];
      expect({ label, warnings: pdfjs.warnings, pages: pdfjs.pages }).toEqual({
        label,
        warnings: [],
        pages: rendered.pages,
      });
      for (const [page, balance] of graphicsStateBalance(rendered.pdf).entries()) {
        expect({ label, page, lowest: balance.lowest, end: balance.end, Q: balance.Q }).toEqual({
          label,
          page,
          lowest: 0,
          end: 0,
          Q: balance.q,
        });
      }
      // Page 1: the title, the map's scale and legend and the parcel's facts.
      const first = poppler.pageTexts[0];
      expect(first).toContain(t.t('report.pdf.title'));
      expect(first).toContain(t.t('report.section.parcel'));
      expect(first).toContain(t.t('report.map.parcel'));
      expect(first).toMatch(/1:\d/);
      // The parcel's number stands inside the parcel on the map.
      const { frame, scale, parcel } = subject.surroundings;
      const perMetre = pointsPerMetre(scale);
      const outline = parcel.rings[0].map(([e, n]): [number, number] => [
        rendered.map.x + (e - frame[0]) * perMetre,
        rendered.map.y + (frame[3] - n) * perMetre,
      ]);
      const numbers = wordBoxes(rendered.pdf, 1).filter(
        (word) =>
          word.text === subject.parcel.PRC_NO &&
          word.y > rendered.map.y &&
          word.y < rendered.map.y + rendered.map.height,
      );
      expect({ label, inside: numbers.some((word) => pointInRing(word.x, word.y, outline)) }).toEqual({
        label,
        inside: true,
      });
      // Every section in order, its heading on the page of its first row, as Poppler reads the pages.
      const sections = reportSections(subject, t);
      expect(sections.map((s) => s.id)).toEqual(REPORT_SECTION_IDS);
      let lastPage = 1;
      for (const section of sections) {
        const at = rendered.sectionPages[section.id];
        expect({ label, section: section.id, heading: at.heading }).toEqual({
          label,
          section: section.id,
          heading: at.firstRow,
        });
        expect(at.heading).toBeGreaterThanOrEqual(lastPage);
        lastPage = at.heading;
        const text = poppler.pageTexts[at.heading - 1].replace(/\s+/g, ' ');
        const table = section.table;
        const firstRow =
          section.rows[0]?.label ?? (table && table.rows.length > 0 ? table.columns[0] : table?.empty) ?? '';
        expect({
          label,
          section: section.id,
          heading: text.includes(section.title),
          firstRow: text.includes(firstRow.split(' ')[0]),
        }).toEqual({ label, section: section.id, heading: true, firstRow: true });
      }
      // Every page: "page X of Y", the demo-data notice's start and the sources' start.
      poppler.pageTexts.forEach((text, i) => {
        const flat = text.replace(/\s+/g, ' ');
        expect(flat).toContain(t.t('report.pdf.page', { page: i + 1, pages: rendered.pages }));
        expect(flat).toContain(t.t('report.pdf.demoNotice').split(' ').slice(0, 3).join(' '));
      });
    }
  }, 600_000);

  it('keeps the long buildings table together with its header on each page', async () => {
    const { subject } = cases[cases.length - 1];
    const t = serverTranslator('de');
    const rendered = await renderParcelPdf(subject, t, { now: new Date(), demoData: true });
    const poppler = readWithPoppler(rendered.pdf);
    const from = rendered.sectionPages.buildings.heading;
    const to = rendered.sectionPages.fixedPoints.heading;
    expect(to).toBeGreaterThan(from);
    // Each page the table runs over starts its part with the column header.
    for (let page = from; page < to; page++) {
      expect(poppler.pageTexts[page - 1]).toContain(t.t('report.building.listed'));
    }
  }, 60_000);
});
