/**
 * "Select on map" (issue 29) in a real browser against the real server: a box dragged over the parcels of
 * Baar selects them, "Add to list" puts them all on a list in one request, and the list shows them;
 * desktop and phone screenshots of the selection and of the list.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { DATABASE_FILE_NAME } from '../../server/store/openDatabase';
import {
  cspViolations,
  e2eState,
  launchBrowser,
  newPage,
  saveScreenshot,
  signInAsNewUser,
  waitForMapIdle,
} from './harness';

const PASSWORD = 'Atlas#2026select';
const ZOOM = 17.5;
const LIST_NAME = 'Auswahl Baar';

/**
 * A small standard parcel of Baar (BFS 1701): its number and its centroid, WGS84. The box dragged around
 * the centroid (some 60 by 40 metres at this zoom) meets the parcel whatever its shape.
 */
function parcelOfBaar(): { number: string; centroid: [number, number] } {
  const db = new Database(path.join(e2eState().dataDir, DATABASE_FILE_NAME), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT prc_no, lon, lat FROM parcels
          WHERE ind = 'Standard' AND mun_bfs = 1701 AND sur < 2000 ORDER BY id LIMIT 1`,
      )
      .get() as { prc_no: string; lon: number; lat: number };
    return { number: row.prc_no, centroid: [row.lon, row.lat] };
  } finally {
    db.close();
  }
}

/** Waits for the element's CSS transitions and animations (a drawer sliding in, a button enabling) to end. */
async function settled(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
}

async function createList(page: Page, name: string): Promise<void> {
  await page.getByTestId('lists-toggle').click();
  const panel = page.getByTestId('lists-panel');
  await panel.getByPlaceholder('Name, e.g. Building land Zug').fill(name);
  await panel.getByRole('button', { name: 'Create list' }).click();
  await panel.getByText('No parcels yet.', { exact: false }).waitFor();
  // The panel lies over the map's tools: closed with its own button.
  await panel.getByRole('button', { name: 'Close lists' }).click();
  await panel.waitFor({ state: 'hidden' });
}

describe('select on map (issue 29)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('drags a box over parcels, adds them all to a list in one request and sees them on the list', async () => {
    const centre = parcelOfBaar();
    const page = await newPage(browser);
    await signInAsNewUser(page, 'Sara Auswahl', PASSWORD);
    await page.goto(`/?map=${centre.centroid[0].toFixed(6)},${centre.centroid[1].toFixed(6)},${ZOOM},0,0`);
    const canvas = page.locator('canvas.maplibregl-canvas');
    await canvas.waitFor();
    await createList(page, LIST_NAME);

    await page.getByTestId('map-select').click();
    const selection = page.getByTestId('map-selection-panel');
    await selection.getByText('Drag a box over the parcels to select them.').waitFor();
    // Let the parcel tiles arrive and draw.
    await page.waitForLoadState('networkidle');
    await waitForMapIdle(page);
    const box = (await canvas.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x - 110, y - 70);
    await page.mouse.down();
    await page.mouse.move(x + 110, y + 70, { steps: 8 });
    await page.getByTestId('map-selection-box').waitFor();
    await page.mouse.up();
    const count = selection.getByTestId('map-selection-count');
    await count.getByText(/parcels? selected$/).waitFor();
    const selected = Number(/^(\d+)/.exec((await count.textContent())!)![1]);
    expect(selected).toBeGreaterThan(1);
    // The drag selected; it did not pan the map away from the parcel.
    expect(new URL(page.url()).searchParams.get('map')).toContain(centre.centroid[0].toFixed(4));
    await settled(page, '[data-testid="map-selection-panel"]');
    await saveScreenshot(page, 'map-selection-box');
    // On a phone too the read-out keeps clear of the Layers button and the map's tool buttons.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-testid="map-view"][data-layout="phone"]').waitFor();
    const readout = (await selection.boundingBox())!;
    const layers = (await page.getByTestId('layer-panel-toggle').boundingBox())!;
    const tools = (await page.getByTestId('map-select').boundingBox())!;
    expect(readout.y >= layers.y + layers.height || readout.x + readout.width <= layers.x).toBe(true);
    expect(readout.x).toBeGreaterThanOrEqual(tools.x + tools.width);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('[data-testid="map-view"][data-layout="desktop"]').waitFor();

    const bulk = page.waitForRequest((request) => request.url().endsWith('/items/bulk'));
    await selection.getByTestId('add-selection-to-list').click();
    await page.getByRole('menuitem', { name: LIST_NAME }).click();
    expect(((await bulk).postDataJSON() as { prcIds: string[] }).prcIds).toHaveLength(selected);
    await page.getByText(`${selected} parcels added to “${LIST_NAME}”`).waitFor();
    await selection.waitFor({ state: 'detached' });

    // The list opens with the parcels on it, the one in the middle among them.
    const panel = page.getByTestId('lists-panel');
    await panel.getByTestId('list-view').waitFor();
    const items = panel.getByTestId('list-item');
    await items.nth(selected - 1).waitFor();
    expect(await items.count()).toBe(selected);
    await panel.locator(`[data-testid="list-item"]:has-text("${centre.number}")`).first().waitFor();
    await settled(page, '.ant-drawer-content-wrapper');
    await saveScreenshot(page, 'map-selection-on-list');
    expect(cspViolations(page)).toEqual([]);
  });
});
