/**
 * Parcel comparison in a real browser against the real server: three parcels put in the tray from result
 * cards and the drawer (a sixth refused), compared side by side at desktop and phone width, the PDF
 * refused on the trial's two report downloads, then downloaded on a paid plan and read back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { readWithPoppler, renderWithPdfJs } from '../server/helpers/pdfChecks';
import {
  DESKTOP_VIEWPORT,
  launchBrowser,
  newPage,
  quickSearch,
  saveScreenshot,
  signInAsNewUser,
  subscribeToStandard,
} from './harness';

const PASSWORD = 'Atlas#2026compare';

function signIn(page: Page): Promise<void> {
  return signInAsNewUser(page, 'Vera Vergleich', PASSWORD);
}

describe('parcel comparison', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('compares three parcels side by side and downloads the comparison PDF', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    await signIn(page);
    await quickSearch(page, 'Baar');
    const cards = page.getByTestId('result-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const tray = page.getByTestId('compare-tray');

    // Two from result cards, the third from the drawer.
    await cards.nth(0).getByTestId('compare-toggle').click();
    await cards.nth(1).getByTestId('compare-toggle').click();
    await cards.nth(2).getByTestId('result-card-open').click();
    const drawer = page.getByTestId('parcel-drawer');
    await drawer.getByTestId('compare-toggle').click();
    await tray.getByText('Compare (3)').waitFor();
    expect(await drawer.getByTestId('compare-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');

    // At most five: the sixth is refused with a message, and taking two out leaves the three.
    for (const i of [3, 4, 5]) await cards.nth(i).getByTestId('compare-toggle').click();
    await page
      .getByText('You can compare at most 5 parcels. Remove one from the comparison first.')
      .waitFor();
    await tray.getByText('Compare (5)').waitFor();
    expect(await cards.nth(5).getByTestId('compare-toggle').getAttribute('aria-pressed')).toBe('false');
    for (const i of [3, 4]) await cards.nth(i).getByTestId('compare-toggle').click();
    await tray.getByText('Compare (3)').waitFor();
    await saveScreenshot(page, 'compare-tray');

    await tray.getByTestId('compare-open').click();
    await page.waitForURL((url) => url.pathname === '/compare');
    const link = new URL(page.url());
    const egrids = link.searchParams.get('egrids')!.split(',');
    expect(egrids).toHaveLength(3);
    const table = page.getByTestId('comparison-table');
    await table.waitFor();
    expect(await table.getByTestId('comparison-parcel').count()).toBe(3);
    for (const egrid of egrids) await table.getByText(`EGRID ${egrid}`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(12);
    // The areas differ; the reserve, radon or solar rows rank a best and a worst parcel.
    expect(await table.locator('tr[data-row="area"]').getAttribute('data-differs')).toBe('true');
    expect(await table.locator('td[data-rank="best"]').count()).toBeGreaterThan(0);
    expect(await table.locator('td[data-rank="worst"]').count()).toBeGreaterThan(0);
    await page.getByTestId('comparison-quota').waitFor();
    await saveScreenshot(page, 'compare-screen');

    // A phone: the labels stay while the parcels scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const scroller = page.locator('.comparison-scroll');
    const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const label = table.locator('tr[data-row="reserve"] th');
    const box = await label.boundingBox();
    expect(box!.x).toBeLessThan(20);
    await page.screenshot({ path: path.resolve('test-results', 'compare-screen-scrolled-390.png') });
    await page.setViewportSize(DESKTOP_VIEWPORT);

    // The trial's two report downloads do not cover three parcels: refused, nothing counted.
    await page.getByTestId('comparison-pdf').click();
    await page
      .getByText('You have reached the report download limit of your plan.', { exact: false })
      .waitFor();

    // On the Standard plan the shared link opens the same comparison and the PDF downloads.
    await subscribeToStandard(page);
    await page.goto(link.pathname + link.search);
    await table.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('comparison-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parcel-comparison-\d{4}-\d{2}-\d{2}\.pdf$/);
    await page.getByText(/^Comparison saved as parcel-comparison-/).waitFor();
    const file = path.resolve('test-results', 'compare-e2e.pdf');
    await download.saveAs(file);
    const pdf = fs.readFileSync(file);
    const poppler = readWithPoppler(pdf, path.resolve('test-results', 'compare-e2e-pdf'), 80);
    expect(poppler.warnings).toEqual([]);
    expect(renderWithPdfJs(pdf).warnings).toEqual([]);
    const text = poppler.pageTexts.join('\n');
    for (const egrid of egrids) expect(text).toContain(egrid);
  }, 240_000);
});
