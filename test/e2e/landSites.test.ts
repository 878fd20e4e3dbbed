/**
 * Land assembly in a real browser against the real server: three neighbouring parcels clicked on the
 * map (their positions from the stored outlines and the camera of a share link), the site's figures read
 * in the site panel, the site PDF downloaded on a paid plan and read back; desktop and phone screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { lv95ToLonLat } from '../../server/geo/projection';
import { labelPoint } from '../../server/services/reports/map/labelPoint';
import { areNeighbours, polygonsOf, type Polygons } from '../../server/services/sites/siteOutline';
import { DATABASE_FILE_NAME } from '../../server/store/sqlite/openDatabase';
import { lv95PartsToGeoJson, outlineLv95 } from '../../server/store/contract/parcels/surveyGeometryCodec';
import { readWithPoppler, renderWithPdfJs } from '../server/helpers/pdfChecks';
import {
  createList,
  e2eState,
  launchBrowser,
  newPage,
  quickSearch,
  saveScreenshot,
  signInAsNewUser,
  subscribeToStandard,
  waitForMapIdle,
} from './harness';

const PASSWORD = 'Atlas#2026assemble';
const ZOOM = 17.5;

interface StoredParcel {
  egrid: string;
  number: string;
  outline: Polygons;
  /** A point well inside the parcel, WGS84. */
  inside: [number, number];
}

/** Three standard parcels of Baar (BFS 1701) in a chain (b touches a, c touches b), read from the server's database. */
function neighbouringParcels(): StoredParcel[] {
  const db = new Database(path.join(e2eState().dataDir, DATABASE_FILE_NAME), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT prc_id, prc_no, geom, geom_lv95 FROM parcels
          WHERE ind = 'Standard' AND mun_bfs = 1701 AND reserve > 0 ORDER BY id LIMIT 80`,
      )
      .all() as { prc_id: string; prc_no: string; geom: Uint8Array; geom_lv95: Uint8Array | null }[];
    const parcels = rows.map((row): StoredParcel => {
      const parts = outlineLv95(row.geom, row.geom_lv95);
      const rings = parts.flat();
      const outline = polygonsOf(lv95PartsToGeoJson(parts));
      const points = rings.flat();
      const box: [number, number, number, number] = [
        Math.min(...points.map((p) => p[0])),
        Math.min(...points.map((p) => p[1])),
        Math.max(...points.map((p) => p[0])),
        Math.max(...points.map((p) => p[1])),
      ];
      const [e, n] = labelPoint(rings, box, 6, 6) ?? labelPoint(rings, box, 0, 0)!;
      return { egrid: row.prc_id, number: row.prc_no, outline, inside: lv95ToLonLat(e, n) };
    });
    for (const a of parcels) {
      for (const b of parcels.filter((p) => p !== a && areNeighbours(a.outline, p.outline))) {
        const c = parcels.find((p) => p !== a && p !== b && areNeighbours(b.outline, p.outline));
        if (c) return [a, b, c];
      }
    }
    throw new Error('no three neighbouring parcels in Baar');
  } finally {
    db.close();
  }
}

/** Web Mercator position of a WGS84 point as a share of the world (maplibre's 512-px world). */
const mercator = ([lon, lat]: [number, number]): [number, number] => {
  const phi = (lat * Math.PI) / 180;
  return [(lon + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2];
};

const SITE_LIST_NAME = 'Areale Baar';

function signIn(page: Page): Promise<void> {
  return signInAsNewUser(page, 'Anna Areal', PASSWORD);
}

describe('land assembly', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shift-clicks two neighbouring parcels and clicks a third with "Build a site", reads its figures and downloads the site PDF', async () => {
    const parcels = neighbouringParcels();
    const page = await newPage(browser, { acceptDownloads: true });
    await signIn(page);
    await subscribeToStandard(page);
    const centre = parcels[1].inside;
    await page.goto(`/?map=${centre[0].toFixed(6)},${centre[1].toFixed(6)},${ZOOM},0,0`);
    const canvas = page.locator('canvas.maplibregl-canvas');
    await canvas.waitFor();
    // Let the parcel tiles arrive and draw: a shift-click finds its parcel among the drawn features only.
    await waitForMapIdle(page);
    const box = (await canvas.boundingBox())!;
    const world = 512 * 2 ** ZOOM;
    const [cx, cy] = mercator(centre);
    const at = (parcel: StoredParcel): [number, number] => {
      const [x, y] = mercator(parcel.inside);
      return [box.x + box.width / 2 + (x - cx) * world, box.y + box.height / 2 + (y - cy) * world];
    };
    // A desktop's way: shift-click the first two parcels.
    for (const parcel of parcels.slice(0, 2)) {
      await page.keyboard.down('Shift');
      await page.mouse.click(...at(parcel));
      await page.keyboard.up('Shift');
    }
    // The touch-screen way: "Build a site" makes plain clicks add parcels.
    await page.getByTestId('site-build').click();
    await page.mouse.click(...at(parcels[2]));
    const panel = page.getByTestId('site-panel');
    await page.screenshot({ path: path.resolve('test-results', 'land-site-clicked.png') });
    await panel.getByTestId('site-area').waitFor({ timeout: 30_000 });
    const listed = await panel.getByTestId('site-parcels').locator('li').allTextContents();
    for (const parcel of parcels) expect(listed.join(' ')).toContain(parcel.egrid);
    const area = await panel.getByTestId('site-area').locator('dd').textContent();
    expect(area).toMatch(/^[\d’',]+ m²$/);
    expect(await panel.getByTestId('site-reserve').locator('dd').textContent()).toMatch(/ m²$/);
    expect(await panel.getByTestId('site-constraints').locator('li').count()).toBe(6);
    await saveScreenshot(page, 'land-site-panel');

    const download = page.waitForEvent('download');
    // Asked for before the PDF is read: the message hides after 6 s, and reading the PDF on a busy machine
    // took longer than that.
    const savedMessage = page.getByText(/^Saved site-/).waitFor({ timeout: 60_000 });
    await panel.getByTestId('site-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^site-.+\.pdf$/);
    const pdf = fs.readFileSync((await file.path())!);
    const poppler = readWithPoppler(pdf, path.resolve('test-results', 'land-site-pdf'), 60);
    expect(poppler.warnings).toEqual([]);
    expect(renderWithPdfJs(pdf).warnings).toEqual([]);
    for (const parcel of parcels) expect(poppler.pageTexts.join(' ')).toContain(parcel.egrid);
    await savedMessage;

    // Saved in a list: all the site's parcels in one request, and the list shows them.
    await createList(page, SITE_LIST_NAME);
    const bulk = page.waitForRequest((request) => request.url().endsWith('/items/bulk'));
    await panel.getByTestId('site-add-to-list').click();
    await page.getByRole('menuitem', { name: SITE_LIST_NAME }).click();
    expect(((await bulk).postDataJSON() as { prcIds: string[] }).prcIds).toEqual(parcels.map((p) => p.egrid));
    await page.getByText(`3 parcels added to “${SITE_LIST_NAME}”`).waitFor();
    const lists = page.getByTestId('lists-panel');
    await lists.getByTestId('list-item').nth(2).waitFor();
    expect(await lists.getByTestId('list-item').count()).toBe(3);
    // The site stays as it was.
    expect(await panel.getByTestId('site-parcels').locator('li').count()).toBe(3);
    await lists.getByRole('button', { name: 'Close lists' }).click();
    await lists.waitFor({ state: 'hidden' });

    // Shared by link: the URL carries the site; opened afresh it shows the same parcels and figures.
    const link = page.url();
    expect(new URL(link).searchParams.get('site')?.split(',')).toEqual(parcels.map((p) => p.egrid));
    await panel.getByTestId('site-copy-link').click();
    await page.getByText(/^Link copied: it opens this site/).waitFor();
    await page.goto('about:blank');
    await page.goto(link);
    await panel.getByTestId('site-area').waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('site-area').locator('dd').textContent()).toBe(area);
    const reopened = (await panel.getByTestId('site-parcels').locator('li').allTextContents()).join(' ');
    for (const parcel of parcels) expect(reopened).toContain(`Parcel ${parcel.number}`);
    await waitForMapIdle(page);
    await saveScreenshot(page, 'land-site-shared-link');
    // Folded to its title line (the map free for the next clicks), with the count and the area.
    await panel.getByTestId('site-fold').click();
    await panel.getByTestId('site-parcels').waitFor({ state: 'detached' });
    expect(await panel.getByTestId('site-summary').textContent()).toBe(`3 parcels · ${area}`);
    await saveScreenshot(page, 'land-site-folded');
    await panel.getByTestId('site-fold').click();

    // Compared as one column beside a lone parcel: the site's figures summed, its EGRIDs listed.
    await panel.getByTestId('site-compare').click();
    const tray = page.getByTestId('compare-tray');
    await tray.getByText('Compare (1)').waitFor();
    await quickSearch(page, 'Baar');
    await page.getByTestId('result-card').nth(0).getByTestId('compare-toggle').click();
    await tray.getByText('Compare (2)').waitFor();
    await tray.getByTestId('compare-open').click();
    await page.waitForURL((url) => url.pathname === '/compare');
    const table = page.getByTestId('comparison-table');
    const heads = table.getByTestId('comparison-parcel');
    await heads.nth(1).waitFor();
    expect(await heads.nth(0).textContent()).toContain(
      `Site of 3 parcels: ${parcels.map((p) => p.number).join(', ')}`,
    );
    await table.getByText(`EGRID ${parcels.map((p) => p.egrid).join(', ')}`).waitFor();
    // The comparison gives areas to the centimetre (as for its parcels), the panel to the square metre.
    const metres = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
    const compared = await table.locator('tr[data-row="area"] td').first().textContent();
    expect(Math.round(metres(compared))).toBe(metres(area));
    await saveScreenshot(page, 'land-site-compared');
    await page.goBack();
    await panel.getByTestId('site-area').waitFor({ timeout: 30_000 });

    await panel.getByTestId('site-clear').click();
    await panel.waitFor({ state: 'detached' });
  });
});
