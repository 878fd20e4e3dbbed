/**
 * "Select on map" in a real browser against the real server: a box dragged over the parcels of
 * Baar selects them, "Add to list" puts them all on a list in one request, and the list shows them;
 * desktop and phone screenshots of the selection and of the list. A lasso drawn with the mouse does the
 * same (Escape drops one under way), and a second lasso puts its parcels into a site.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DATABASE_FILE_NAME } from '../../server/store/sqlite/openDatabase';
import {
  cspViolations,
  createList,
  DESKTOP_VIEWPORT,
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
const LASSO_LIST_NAME = 'Lasso Baar';

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

/**
 * A new user on the map around a parcel of Baar, with an empty list (if named), and "Select on map" on: the
 * parcel, the page, the middle of the map on the page (the parcel's centroid) and the selection panel.
 */
async function selectOnMap(
  browser: Browser,
  user: string,
  listName: string | null,
  context: BrowserContextOptions = {},
) {
  const centre = parcelOfBaar();
  const page = await newPage(browser, context);
  await signInAsNewUser(page, user, PASSWORD);
  await page.goto(`/?map=${centre.centroid[0].toFixed(6)},${centre.centroid[1].toFixed(6)},${ZOOM},0,0`);
  const canvas = page.locator('canvas.maplibregl-canvas');
  await canvas.waitFor();
  if (listName) await createList(page, listName);
  await page.getByTestId('map-select').click();
  // Let the parcel tiles arrive and draw.
  await page.waitForLoadState('networkidle');
  await waitForMapIdle(page);
  const box = (await canvas.boundingBox())!;
  const middle: [number, number] = [box.x + box.width / 2, box.y + box.height / 2];
  return { centre, page, middle, selection: page.getByTestId('map-selection-panel') };
}

/**
 * "Add to list" in the selection panel: one request with all `selected` parcels; the tool ends and the
 * list opens with them. Gives the Lists panel.
 */
async function addSelectionToList(page: Page, listName: string, selected: number): Promise<Locator> {
  const selection = page.getByTestId('map-selection-panel');
  const bulk = page.waitForRequest((request) => request.url().endsWith('/items/bulk'));
  await selection.getByTestId('add-selection-to-list').click();
  await page.getByRole('menuitem', { name: listName }).click();
  expect(((await bulk).postDataJSON() as { prcIds: string[] }).prcIds).toHaveLength(selected);
  await page.getByText(`${selected} parcels added to “${listName}”`).waitFor();
  await selection.waitFor({ state: 'detached' });
  const panel = page.getByTestId('lists-panel');
  await panel.getByTestId('list-view').waitFor();
  const items = panel.getByTestId('list-item');
  await items.nth(selected - 1).waitFor();
  expect(await items.count()).toBe(selected);
  return panel;
}

/** The map's centre longitude in the URL (written to 5 decimals, so compared as a number, not as text). */
function mapLongitude(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('map')?.split(',')[0]);
}

describe('select on map', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('drags a box over parcels, adds them all to a list in one request and sees them on the list', async () => {
    const { centre, page, middle, selection } = await selectOnMap(browser, 'Sara Auswahl', LIST_NAME);
    await selection.getByText('Drag a box over the parcels to select them.').waitFor();
    await selection.getByText('Road parcels are left out.').waitFor();
    const [x, y] = middle;
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
    expect(mapLongitude(page)).toBeCloseTo(centre.centroid[0], 4);
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
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.locator('[data-testid="map-view"][data-layout="desktop"]').waitFor();

    // The list opens with the parcels on it, the one in the middle among them.
    const panel = await addSelectionToList(page, LIST_NAME, selected);
    await panel.locator(`[data-testid="list-item"]:has-text("${centre.number}")`).first().waitFor();
    await settled(page, '.ant-drawer-content-wrapper');
    await saveScreenshot(page, 'map-selection-on-list', { lastLook: true });
    expect(cspViolations(page)).toEqual([]);
  });

  it('draws a lasso with the mouse, adds its parcels to a list, and puts a second lasso into a site', async () => {
    const { centre, page, middle, selection } = await selectOnMap(browser, 'Lara Lasso', LASSO_LIST_NAME);
    await selection.getByText('Lasso').click();
    await selection.getByText('Draw a line around the parcels to select them.').waitFor();
    const lasso = page.getByTestId('map-selection-lasso');

    // Escape while drawing drops the lasso; the tool stays on and nothing is selected.
    await drawLasso(page, middle, 120, { release: false });
    await lasso.waitFor({ state: 'visible' });
    await page.screenshot({ path: path.resolve('test-results', 'map-selection-lasso-drawing.png') });
    await page.keyboard.press('Escape');
    await lasso.waitFor({ state: 'hidden' });
    await page.mouse.up();
    await selection.getByText('Draw a line around the parcels to select them.').waitFor();

    await drawLasso(page, middle, 120);
    const count = selection.getByTestId('map-selection-count');
    await count.getByText(/parcels? selected$/).waitFor();
    const selected = Number(/^(\d+)/.exec((await count.textContent())!)![1]);
    expect(selected).toBeGreaterThan(1);
    expect(mapLongitude(page)).toBeCloseTo(centre.centroid[0], 4);
    await waitForMapIdle(page);
    await settled(page, '[data-testid="map-selection-panel"]');
    await saveScreenshot(page, 'map-selection-lasso');

    const lists = await addSelectionToList(page, LASSO_LIST_NAME, selected);
    await lists.getByRole('button', { name: 'Close lists' }).click();
    await lists.waitFor({ state: 'hidden' });

    // The tool comes back in the lasso shape; a small lasso's parcels go into the site.
    await page.getByTestId('map-select').click();
    await selection.getByText('Draw a line around the parcels to select them.').waitFor();
    await drawLasso(page, middle, 30);
    await count.getByText(/parcels? selected$/).waitFor();
    const forSite = Number(/^(\d+)/.exec((await count.textContent())!)![1]);
    await selection.getByTestId('add-selection-to-site').click();
    await selection.waitFor({ state: 'detached' });
    const site = page.getByTestId('site-panel');
    await site
      .getByTestId('site-summary')
      .getByText(forSite === 1 ? '1 parcel' : `${forSite} parcels`)
      .waitFor();
    expect(await site.getByTestId('site-parcels').locator('li').count()).toBe(forSite);
    // Its figures, or why there are none (a single parcel, parcels that do not touch), before the picture:
    // the spinner's endless animation would only end by being removed.
    await site
      .locator('[data-testid="site-area"], [data-testid="site-error"], [data-testid="site-hint"]')
      .first()
      .waitFor({ timeout: 30_000 });
    await settled(page, '[data-testid="site-panel"]');
    await saveScreenshot(page, 'map-selection-lasso-site', { lastLook: true });
    expect(cspViolations(page)).toEqual([]);
  });

  it('draws a lasso with a finger on a phone', async () => {
    const { page, middle, selection } = await selectOnMap(browser, 'Tim Touch', null, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.locator('[data-testid="map-view"][data-layout="phone"]').waitFor();
    await selection.getByText('Lasso').tap();
    await selection.getByText('Draw a line around the parcels to select them.').waitFor();
    const before = new URL(page.url()).searchParams.get('map');
    // Chromium turns these touches into the pointer events a finger makes (pointerType "touch").
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: [number, number]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at[0], y: at[1] }] : [] });
    const loop = lassoLoop(middle, 70);
    await touch('touchStart', loop[0]);
    for (const point of loop.slice(1)) await touch('touchMove', point);
    await page.getByTestId('map-selection-lasso').waitFor({ state: 'visible' });
    await touch('touchEnd');
    const count = selection.getByTestId('map-selection-count');
    await count.getByText(/parcels? selected$/).waitFor();
    expect(Number(/^(\d+)/.exec((await count.textContent())!)![1])).toBeGreaterThan(0);
    // The finger drew; it did not pan the map.
    expect(new URL(page.url()).searchParams.get('map')).toBe(before);
    expect(cspViolations(page)).toEqual([]);
  });
});

/** A wobbly loop of `radius` px around the point (concave here and there, as a hand draws), 36 points. */
function lassoLoop([x, y]: [number, number], radius: number): [number, number][] {
  const steps = 36;
  return Array.from({ length: steps }, (_, i): [number, number] => {
    const angle = (2 * Math.PI * i) / steps;
    const r = radius * (1 + 0.25 * Math.sin(3 * angle));
    return [x + r * Math.cos(angle), y + r * Math.sin(angle)];
  });
}

/** Draws a lasso with the mouse around the point, closed by releasing the button unless told to hold it. */
async function drawLasso(
  page: Page,
  centre: [number, number],
  radius: number,
  { release = true }: { release?: boolean } = {},
): Promise<void> {
  const [first, ...rest] = lassoLoop(centre, radius);
  await page.mouse.move(...first);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(...point, { steps: 2 });
  if (release) await page.mouse.up();
}
