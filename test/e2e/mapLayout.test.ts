import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  e2eState,
  launchBrowser,
  logIn,
  quickSearch,
  TEST_CONTEXT_DEFAULTS,
  usersCli,
  waitForAnimationsToEnd,
  waitForMapIdle,
} from './harness';
import path from 'node:path';
import fs from 'node:fs';

const PASSWORD = 'Atlas#2026layouts';

/**
 * A browser context of the given size; `mobile` adds touch and the phone's device scale; `flights` lets the
 * map fly (the other tests ask for reduced motion and look at where it lands).
 */
async function contextOf(
  browser: Browser,
  width: number,
  height: number,
  mobile = false,
  flights = false,
): Promise<BrowserContext> {
  return browser.newContext({
    ...TEST_CONTEXT_DEFAULTS,
    ...(flights ? { reducedMotion: 'no-preference' as const } : {}),
    baseURL: e2eState().baseUrl,
    viewport: { width, height },
    ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
}

/**
 * A new MAPUSER signed in on the login screen, landing on the map view (`landing`: a link into it, so that a
 * start view that would only be thrown away is not drawn first).
 */
async function signedIn(context: BrowserContext, name: string, landing = '/'): Promise<Page> {
  const username = `${name.toLowerCase()}-${Date.now()}@example.ch`;
  await usersCli(['create', username, '--password', PASSWORD, '--name', name]);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await logIn(page, username, PASSWORD, landing);
  return page;
}

/** A screenshot at the page's own size only (these tests choose their sizes themselves). */
async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.resolve('test-results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

/** Whether an element lies wholly inside the viewport. */
async function inViewport(page: Page, locator: ReturnType<Page['getByTestId']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height &&
    box.x + box.width <= size.width
  );
}

/** The map's current view from the share-link parameter of the URL. */
function viewInUrl(page: Page): number[] | null {
  const value = new URL(page.url()).searchParams.get('map');
  return value ? value.split(',').map(Number) : null;
}

/** The count bubbles drawn, as the map reports them in browser tests: centre and radius in screen px. */
async function drawnBubbles(page: Page): Promise<{ x: number; y: number; r: number; count: number }[]> {
  const value = (await page.getByTestId('map').getAttribute('data-bubbles')) ?? '';
  return value
    .split(';')
    .filter(Boolean)
    .map((entry) => {
      const [position, count] = entry.split(' ');
      const [x, y, r] = position.split(',').map(Number);
      return { x, y, r, count: Number(count) };
    });
}

/** Pairs of bubbles whose discs (with their 2 px rings) overlap. */
function overlappingBubbles(bubbles: { x: number; y: number; r: number; count: number }[]): string[] {
  return bubbles.flatMap((a, i) =>
    bubbles
      .slice(i + 1)
      .filter((b) => Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r + 4)
      .map((b) => `${a.count} over ${b.count}`),
  );
}

describe('map view layouts, share links and map tools in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('1440×900: no page scroll, only the result list scrolls; one request per base tile during a fly-to', async () => {
    const context = await contextOf(browser, 1440, 900, false, true);
    const page = await signedIn(context, 'Desk');
    await waitForMapIdle(page);
    await quickSearch(page, 'Zug');
    await waitForMapIdle(page);

    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight - window.innerHeight,
      body: document.body.scrollHeight - window.innerHeight,
    }));
    expect(overflow).toEqual({ page: 0, body: 0 });
    const list = page.getByTestId('result-list');
    const sizes = await list.evaluate((element) => ({
      scroll: element.scrollHeight,
      client: element.clientHeight,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    // The search box and the paging stay where they are.
    expect(await inViewport(page, page.getByRole('searchbox', { name: 'Quick search' }))).toBe(true);
    expect(await inViewport(page, page.getByTestId('result-page'))).toBe(true);
    await screenshot(page, 'mapview-1440-list-scrolled');

    // Open a parcel (flies to zoom 17), then a new search elsewhere moves the camera to its hits (ADR 023).
    await page.getByTestId('result-card').first().click();
    await page.getByText(/^Showing \d+$/).waitFor({ timeout: 60_000 });
    await waitForMapIdle(page);
    const baseTiles: string[] = [];
    const aborted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/tiles/base/')) baseTiles.push(request.url());
    });
    page.on('requestfailed', (request) => {
      if (request.url().includes('/tiles/base/')) aborted.push(request.url());
    });
    const before = new URL(page.url()).searchParams.get('map');
    await quickSearch(page, 'Baar');
    await page.waitForFunction((old) => new URL(location.href).searchParams.get('map') !== old, before, {
      timeout: 60_000,
    });
    await waitForMapIdle(page);
    // Landed where parcels are drawn: the hits are seen, not a 'Zoom in for results' banner.
    const zoom = Number(new URL(page.url()).searchParams.get('map')?.split(',')[2]);
    expect(zoom).toBeGreaterThanOrEqual(14);
    await page.getByText(/^Showing \d+$/).waitFor();
    expect(await page.getByText('Zoom in for results').count()).toBe(0);
    await screenshot(page, 'mapview-1440-landed-on-hits');
    const repeated = baseTiles.filter((url, index) => baseTiles.indexOf(url) !== index);
    expect(repeated).toEqual([]);
    expect(aborted).toEqual([]);
    await context.close();
  }, 240_000);

  it('390×844 phone: the map fills the screen, search and results in a bottom sheet, the drawer full screen', async () => {
    const context = await contextOf(browser, 390, 844, true);
    const page = await signedIn(context, 'Phone');
    await waitForMapIdle(page);
    await quickSearch(page, 'Zug');
    await waitForMapIdle(page);
    const map = await page.getByTestId('map').boundingBox();
    expect(map?.width).toBe(390);
    const sheet = page.getByTestId('bottom-sheet');
    const folded = await sheet.boundingBox();
    // Folded, the sheet leaves most of the screen to the map.
    expect(folded!.height).toBeLessThan(844 * 0.2);
    await screenshot(page, 'mapview-phone-390-folded');

    await page.getByRole('button', { name: 'Show results' }).click();
    const cards = page.getByTestId('result-card');
    await cards.first().waitFor();
    // The sheet grows in a 0.2 s transition.
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="bottom-sheet"]')?.getBoundingClientRect();
      return box !== undefined && box.height > window.innerHeight * 0.5;
    });
    const open = await sheet.boundingBox();
    expect(open!.height).toBeGreaterThan(844 * 0.5);
    expect(open!.y).toBeGreaterThan(844 * 0.3); // the top of the map stays visible
    await screenshot(page, 'mapview-phone-390-sheet');

    await cards.first().click();
    const drawer = page.getByTestId('parcel-drawer');
    await drawer.getByTestId('parcel-lv95').waitFor();
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(Math.round(box!.width)).toBe(390);
    await waitForMapIdle(page);
    await screenshot(page, 'mapview-phone-390-drawer');
    await page.getByRole('button', { name: 'Close parcel details' }).click();
    expect(await inViewport(page, page.getByTestId('bottom-sheet'))).toBe(true);
    await context.close();
  }, 240_000);

  it('768×1024 tablet: a side panel that folds away and comes back', async () => {
    const context = await contextOf(browser, 768, 1024, true);
    const page = await signedIn(context, 'Tablet');
    await waitForMapIdle(page);
    await quickSearch(page, 'Zug');
    await waitForMapIdle(page);
    expect((await page.getByTestId('side-panel').boundingBox())!.width).toBe(320);
    await screenshot(page, 'mapview-tablet-768');
    await page.getByRole('button', { name: 'Hide search panel' }).click();
    await page.getByRole('button', { name: 'Show search panel' }).waitFor();
    expect((await page.getByTestId('map').boundingBox())!.width).toBe(768);
    await waitForMapIdle(page);
    await screenshot(page, 'mapview-tablet-768-folded');
    await page.getByRole('button', { name: 'Show search panel' }).click();
    await page.getByTestId('side-panel').waitFor({ state: 'visible' });
    await context.close();
  }, 240_000);

  it('a copied link opens the same screen; zoom to results, LV95 read-out and measuring work on the map', async () => {
    const context = await contextOf(browser, 1440, 900);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await signedIn(context, 'Share');
    await waitForMapIdle(page);
    await quickSearch(page, 'Zug');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: /Zoom to results/ }).click();
    await waitForMapIdle(page);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('map') !== null);
    expect(viewInUrl(page)![2]).toBeGreaterThan(9); // the municipalities with hits, not the whole country

    await page.getByTestId('result-card').nth(1).click();
    await page.getByText(/^Showing \d+$/).waitFor({ timeout: 60_000 });
    await waitForMapIdle(page);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('parcel') !== null);
    const lv95 = await page.getByTestId('parcel-lv95').textContent();
    expect(lv95).toMatch(/^E 2'\d{3}'\d{3}\.\d{2}N 1'\d{3}'\d{3}\.\d{2}$/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(page.url());

    // The cursor read-out follows the pointer in LV95.
    const map = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.move(map.x + 200, map.y + 200);
    await page
      .getByTestId('cursor-lv95')
      .filter({ hasText: /^LV95 E 2'\d{3}'\d{3} \/ N 1'\d{3}'\d{3}$/ })
      .waitFor();

    // Measure: two clicks 200 px apart at zoom ~17 are some tens of metres.
    await page.getByRole('button', { name: 'Measure distance' }).click();
    await page.mouse.click(map.x + 150, map.y + 450);
    await page.mouse.click(map.x + 350, map.y + 450);
    await page
      .getByTestId('measure-result')
      .filter({ hasText: /^\d+\.\d m$/ })
      .waitFor();
    await screenshot(page, 'mapview-measure-distance');
    // Beside the open drawer the read-out sits in the map that is seen, clear of the Layers button.
    const readout = (await page.getByTestId('measure-panel').boundingBox())!;
    const layersButton = (await page.getByTestId('layer-panel-toggle').boundingBox())!;
    expect(
      readout.x + readout.width <= layersButton.x || readout.y >= layersButton.y + layersButton.height,
    ).toBe(true);
    const distance = await page.getByTestId('measure-result').textContent();
    const undo = page.getByRole('button', { name: 'Undo point' });
    expect(await undo.isEnabled()).toBe(true);
    await undo.click();
    await page.getByTestId('measure-result').filter({ hasText: 'Click 1 more point on the map' }).waitFor();
    // A double-click places the last point once and finishes the line; the map does not zoom in.
    const zoomBefore = viewInUrl(page)![2];
    await page.mouse.dblclick(map.x + 350, map.y + 450);
    await page.getByTestId('measure-result').filter({ hasText: distance! }).waitFor();
    await page.waitForTimeout(800); // a double-click zoom would have animated by now
    await waitForMapIdle(page);
    expect(viewInUrl(page)![2]).toBe(zoomBefore);
    expect(await page.getByTestId('measure-result').textContent()).toBe(distance);
    await page.keyboard.press('Escape');
    await page.getByTestId('measure-panel').waitFor({ state: 'detached' });
    // Esc ended measuring, not the open parcel.
    await page.getByTestId('parcel-lv95').waitFor();

    // A dialog's mask covers the drawer too.
    await page.getByRole('button', { name: 'Advanced search' }).click();
    await page.getByRole('dialog').getByText('Search for Parcels').waitFor();
    const drawerBox = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('.ant-modal-root, .ant-drawer')?.className ?? '',
      [drawerBox.x + drawerBox.width - 20, drawerBox.y + drawerBox.height - 20],
    );
    expect(onTop).toContain('ant-modal-root');
    await waitForAnimationsToEnd(page); // the dialog's opening animation
    await screenshot(page, 'mapview-dialog-over-drawer');
    await page.keyboard.press('Escape');

    const other = await context.newPage();
    await other.goto(link);
    await other.getByTestId('parcel-drawer').getByTestId('parcel-lv95').filter({ hasText: lv95! }).waitFor();
    await other.getByText(/^Found [\d,]+ results?$/).waitFor();
    await waitForMapIdle(other);
    const [lon, lat, zoom] = viewInUrl(other)!;
    const [lon0, lat0, zoom0] = viewInUrl(page)!;
    expect(Math.abs(lon - lon0)).toBeLessThan(1e-4);
    expect(Math.abs(lat - lat0)).toBeLessThan(1e-4);
    expect(Math.abs(zoom - zoom0)).toBeLessThan(0.05);
    await screenshot(other, 'mapview-shared-link');
    await context.close();
  }, 240_000);
  it('the hover popup names address, area and zone; count bubbles never overlap at zoom 10', async () => {
    for (const [width, height, mobile] of [
      [1440, 900, false],
      [390, 844, true],
    ] as const) {
      const context = await contextOf(browser, width, height, mobile);
      // The canton of Zug at zoom 10, its municipalities' bubbles within a few hundred pixels (at the start
      // view of the whole country the canton is one bubble, which overlaps nothing).
      const page = await signedIn(context, `Bubbles${width}`, '/?CANTON=ZG&map=8.52,47.15,10,0,0');
      // A canton counts beyond the exact limit: "Found 10,000+ results".
      await page
        .getByTestId('result-count')
        .filter({ hasText: /^Found [\d,]+\+? results?$/ })
        .waitFor();
      await waitForMapIdle(page);
      expect(Math.floor(viewInUrl(page)![2])).toBe(10);
      const bubbles = await drawnBubbles(page);
      // One per municipality with hits (seven in the e2e dataset): several, so that none overlapping means
      // something.
      expect(bubbles.length).toBeGreaterThanOrEqual(5);
      expect(overlappingBubbles(bubbles)).toEqual([]);
      await screenshot(page, `mapview-${width}-bubbles-z10`);
      await context.close();
    }

    // Hovering a parcel on the desktop: number and place at once, then address, area and zone.
    const context = await contextOf(browser, 1440, 900);
    const page = await signedIn(context, 'Hover');
    await waitForMapIdle(page);
    await quickSearch(page, 'Baar');
    await page.getByText(/^Showing \d+$/).waitFor({ timeout: 60_000 });
    await waitForMapIdle(page);
    const map = (await page.getByTestId('map').boundingBox())!;
    const popup = page.getByTestId('parcel-popup');
    // Over a parcel (most of the map at zoom 14+); a few tries in case the first point is a gap.
    for (const [dx, dy] of [
      [0.6, 0.5],
      [0.7, 0.6],
      [0.5, 0.7],
    ]) {
      await page.mouse.move(map.x + map.width * dx, map.y + map.height * dy);
      await page.mouse.move(map.x + map.width * dx + 2, map.y + map.height * dy + 1);
      if (
        await popup.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        )
      )
        break;
    }
    await popup.filter({ hasText: /Area: [\d,.]+ m²/ }).waitFor();
    expect(await popup.textContent()).toMatch(/^Parcel \S+/);
    await screenshot(page, 'mapview-1440-hover-popup');
    await context.close();
  }, 300_000);
});
