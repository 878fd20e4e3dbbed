import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { MAP_LAYER_IDS, type MapLayerId } from '../../src/contract/MapLayers';
import { printFrame, type MapPrintRequest } from '../../src/contract/MapPrint';
import { serverTranslator } from '../../server/services/i18n/ServerTranslator';
import { printContent } from '../../server/services/mapPrint/printContent';
import { renderMapPrint, type RenderedMapPrint } from '../../server/services/mapPrint/renderMapPrint';
import { pointsPerMetre } from '../../server/services/reports/map/mapScale';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { type Stores } from '../../server/store/contract/Stores';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { buildTestDataset } from './helpers/buildTestDataset';
import {
  graphicsStateBalance,
  readWithPoppler,
  renderGrey,
  renderWithPdfJs,
  wordBoxes,
} from './helpers/pdfChecks';

const PNG_DIR = path.resolve(__dirname, '../../test-results/map-print');
/** ISO 216 in points. */
const A4 = { width: 595.28, height: 841.89 };
const A3 = { width: 841.89, height: 1190.55 };

let dir: string;
let db: Database;
let stores: Stores;
/** Where the dataset's first town is densest: the median LV95 position of its built parcels. */
let town: { east: number; north: number };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'map-print-'));
  db = openDatabase(path.join(dir, 'test.sqlite'));
  buildTestDataset(db);
  stores = createSqliteStores(db);
  const built = db
    .prepare(
      `SELECT lv95_x AS east, lv95_y AS north FROM parcels
       WHERE obj_count >= 1 AND mun_bfs = (SELECT MIN(mun_bfs) FROM parcels) ORDER BY lv95_x`,
    )
    .all() as { east: number; north: number }[];
  const norths = built.map((p) => p.north).sort((a, b) => a - b);
  town = { east: built[built.length >> 1].east, north: norths[norths.length >> 1] };
  fs.mkdirSync(PNG_DIR, { recursive: true });
}, 120_000);

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function print(request: MapPrintRequest): Promise<RenderedMapPrint> {
  const content = await printContent(stores, printFrame(request), request.layers);
  return renderMapPrint(request, content, serverTranslator(request.locale), {
    now: new Date('2026-11-27T23:30:00Z'),
    demoData: true,
    link: 'http://localhost:8080/?map=8.51736,47.19,16.5,0,0',
  });
}

/**
 * The scale bar as Poppler draws it: in the scale-bar panel rendered at 600 dpi, the row with the
 * longest run of black (the bar's filled half), from its first to its last dark pixel (the open half's
 * right edge). Returns its length on paper in millimetres.
 */
function measuredScaleBarMm(rendered: RenderedMapPrint): number {
  const [x0, y0, x1, y1] = rendered.scaleBarPanel;
  const grey = renderGrey(rendered.pdf, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, 600);
  let best = { run: 0, row: 0 };
  for (let row = 0; row < grey.height; row++) {
    let run = 0;
    for (let col = 0; col < grey.width; col++) {
      run = grey.pixels[row * grey.width + col] < 100 ? run + 1 : 0;
      if (run > best.run) best = { run, row };
    }
  }
  const line = grey.pixels.subarray(best.row * grey.width, (best.row + 1) * grey.width);
  const dark = [...line.keys()].filter((col) => line[col] < 100);
  const lengthPoints = (dark[dark.length - 1] - dark[0] + 1) * grey.pointsPerPixel;
  return lengthPoints * (25.4 / 72);
}

/** The scale bar's length in metres, as its end label reads ("20 m", "2’000 m"). */
function scaleBarLabelMetres(rendered: RenderedMapPrint): number {
  const [x0, y0, x1, y1] = rendered.scaleBarPanel;
  const words = wordBoxes(rendered.pdf, 1).filter((w) => w.x > x0 && w.x < x1 && w.y > y0 && w.y < y1);
  const unit = words.findIndex((w) => w.text === 'm');
  expect(unit).toBeGreaterThan(0);
  return Number(words[unit - 1].text.replace(/\D/g, ''));
}

const CASES: { name: string; request: () => MapPrintRequest; page: typeof A4 }[] = [
  {
    name: 'A4 portrait 1:500 (en)',
    page: A4,
    request: () => ({
      paper: 'A4',
      orientation: 'portrait',
      scale: 500,
      center: town,
      layers: ['alpha-zones', 'heritage', 'solar'],
      title: 'Site plan Baar – building application',
      locale: 'en',
    }),
  },
  {
    name: "A3 landscape 1:25'000 over the town (de)",
    page: { width: A3.height, height: A3.width },
    request: () => ({
      paper: 'A3',
      orientation: 'landscape',
      scale: 25_000,
      center: town,
      layers: ['satellite', 'building-reserve', 'groundwater', 'floods', 'noise'],
      title: 'Übersicht Gemeinde – Naturgefahren und Grundwasser',
      locale: 'de',
    }),
  },
  {
    name: "A4 landscape 1:2'000 (fr)",
    page: { width: A4.height, height: A4.width },
    request: () => ({
      paper: 'A4',
      orientation: 'landscape',
      scale: 2000,
      center: town,
      layers: ['bravo-zones', 'radon', 'fix-points'],
      locale: 'fr',
    }),
  },
  {
    name: "A3 portrait 1:10'000 (it)",
    page: A3,
    request: () => ({
      paper: 'A3',
      orientation: 'portrait',
      scale: 10_000,
      center: town,
      layers: ['terrain', 'landslides', 'contamination', 'underground'] as MapLayerId[],
      title: 'Pericoli naturali e siti inquinati',
      locale: 'it',
    }),
  },
];

describe('the map print in Poppler and pdf.js', () => {
  it.each(CASES)(
    '$name: one page of the paper, no warnings, q/Q balanced, to scale',
    async ({ name, request, page }) => {
      const wanted = request();
      const rendered = await print(wanted);
      const png = path.join(PNG_DIR, name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, ''));
      const poppler = readWithPoppler(rendered.pdf, png, 80);
      expect(poppler.warnings).toEqual([]);
      expect(poppler.pages).toBe(1);
      expect(poppler.pageSize.width).toBeCloseTo(page.width, 0);
      expect(poppler.pageSize.height).toBeCloseTo(page.height, 0);
      expect(renderWithPdfJs(rendered.pdf)).toEqual({ pages: 1, warnings: [] });
      const [balance] = graphicsStateBalance(rendered.pdf);
      expect(balance.lowest).toBe(0);
      expect(balance.end).toBe(0);
      expect(balance.Q).toBe(balance.q);

      // The scale bar measures true on paper: N metres are N / scale metres long (to 0.2 mm).
      const metres = scaleBarLabelMetres(rendered);
      expect(metres).toBeGreaterThan(0);
      const onPaperMm = (metres * 1000) / wanted.scale;
      expect(Math.abs(measuredScaleBarMm(rendered) - onPaperMm)).toBeLessThan(0.2);
      // And the frame is the ground the request's scale covers.
      const frame = printFrame(wanted);
      expect(rendered.map.width).toBeCloseTo((frame[2] - frame[0]) * pointsPerMetre(wanted.scale), 3);

      const t = serverTranslator(wanted.locale);
      const text = poppler.pageTexts[0].replace(/\s+/g, ' ');
      expect(text).toContain(wanted.title ?? t.t('print.pdf.defaultTitle'));
      expect(text).toContain(t.t('print.pdf.date', { date: '28/11/2026' }));
      expect(text).toMatch(/1:\d/);
      expect(text).toContain(t.t('print.pdf.qrCaption'));
      expect(text).toContain(t.t('report.pdf.demoNotice').split(' ').slice(0, 3).join(' '));
      for (const layer of wanted.layers) expect(text).toContain(t.t(`layers.name.${layer}`).split(' ')[0]);

      // No word of the map's band stands outside the frame (grid labels, parcel numbers, furniture).
      const { map } = rendered;
      const inBand = wordBoxes(rendered.pdf, 1).filter(
        (w) => w.y > map.y + 1 && w.y < map.y + map.height - 1,
      );
      expect(inBand.length).toBeGreaterThan(3);
      expect(inBand.filter((w) => w.x < map.x || w.x > map.x + map.width)).toEqual([]);
    },
    120_000,
  );

  it('prints parcel numbers at 1:500 and none at 1:25000, and the LV95 grid labels in both', async () => {
    const numbers = new Set(db.prepare('SELECT prc_no FROM parcels').pluck().all() as string[]);
    const count = async (request: MapPrintRequest) => {
      const rendered = await print(request);
      const { map } = rendered;
      const words = wordBoxes(rendered.pdf, 1).filter(
        (w) => w.y > map.y && w.y < map.y + map.height && w.x > map.x && w.x < map.x + map.width,
      );
      return {
        numbers: words.filter((w) => numbers.has(w.text)).length,
        grid: words.filter((w) => /^[12]\S?\d{3}\S?\d{3}$/.test(w.text)).length,
      };
    };
    const near = await count(CASES[0].request());
    expect(near.numbers).toBeGreaterThan(5);
    expect(near.grid).toBeGreaterThanOrEqual(4);
    const far = await count(CASES[1].request());
    expect(far.numbers).toBe(0);
    expect(far.grid).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('keeps the legend of every layer in its band, the lines that do not fit summed up', async () => {
    const rendered = await print({
      paper: 'A4',
      orientation: 'landscape',
      scale: 5000,
      center: town,
      layers: [...MAP_LAYER_IDS],
      locale: 'en',
    });
    const poppler = readWithPoppler(rendered.pdf, path.join(PNG_DIR, 'A4-landscape-every-layer-en'), 80);
    expect(poppler.warnings).toEqual([]);
    expect(poppler.pages).toBe(1);
    const text = poppler.pageTexts[0].replace(/\s+/g, ' ');
    expect(text).toMatch(/\+ \d+ more lines?/);
    expect(text).toContain('Not printed: Satellite, 3D terrain, 3D buildings');
    // Below the map nothing reaches the QR code's column but its caption.
    const { map } = rendered;
    const legend = wordBoxes(rendered.pdf, 1).filter(
      (w) => w.y > map.y + map.height && w.y < poppler.pageSize.height - 40,
    );
    const qrLeft = map.x + map.width - 92;
    expect(legend.filter((w) => w.x > qrLeft - 4 && !/Scan|to|open|this|view/.test(w.text))).toEqual([]);
  }, 120_000);
});
