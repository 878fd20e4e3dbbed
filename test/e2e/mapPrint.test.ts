import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { readWithPoppler, renderWithPdfJs } from '../server/helpers/pdfChecks';
import {
  launchBrowser,
  logIn,
  newPage,
  saveScreenshot,
  usersCli,
  waitForAnimationsToEnd,
  waitForMapIdle,
} from './harness';

const PASSWORD = 'Atlas#2026printing';
/** What the test prints: Zug's old town with the flood hazard on. */
const PRINTED_VIEW = '/?map=8.5157,47.1662,16.5,0,0&layers=floods';
const DESKTOP = { width: 1440, height: 900 };

/**
 * Printing the map to scale in a real browser: the toolbar's Print button opens the dialog from the
 * keyboard, the map shows the print frame, "Create PDF" downloads a one-page PDF Poppler and pdf.js
 * read without a warning; the dialog fits a phone.
 */
describe('printing the map view to scale', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { viewport: DESKTOP });
    const username = `print-${Date.now()}@example.ch`;
    await usersCli(['create', username, '--password', PASSWORD, '--name', 'Planner']);
    // Signed in straight onto the printed view: a first map at the start view would only be thrown away.
    await logIn(page, username, PASSWORD, PRINTED_VIEW);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens the dialog from the keyboard, shows the frame, downloads the PDF and fits a phone', async () => {
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Print the map to scale (PDF)' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Print the map' });
    await dialog.waitFor();
    await dialog.getByText("1:2'000").waitFor();
    await page.locator('[data-testid="map"][data-print-frame="shown"]').waitFor();
    await dialog.getByTestId('print-title').fill('Situationsplan Zug Altstadt');
    await page.mouse.move(700, 450);
    // The dialog's opening animation has ended (on a busy machine it takes a while).
    await page.locator('.print-dialog .ant-modal:not(.ant-zoom)').waitFor();
    // The phone's picture leaves the page at a phone's width, where the dialog is measured next.
    await saveScreenshot(page, 'map-print-dialog', { lastLook: true });

    // On a phone the whole dialog, its Create button included, is on the screen.
    await waitForAnimationsToEnd(page);
    const box = await page.locator('.print-dialog .ant-modal').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    const create = await dialog.getByTestId('print-create').boundingBox();
    expect(create!.y + create!.height).toBeLessThanOrEqual(844);
    await page.setViewportSize(DESKTOP);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('print-create').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^parcel-atlas-map-1-2000-A4-landscape-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('[data-testid="map"][data-print-frame="hidden"]').waitFor();
    const file = path.resolve('test-results', 'map-print-e2e.pdf');
    await download.saveAs(file);
    const pdf = fs.readFileSync(file);
    const poppler = readWithPoppler(pdf, path.resolve('test-results', 'map-print-e2e-pdf'), 80);
    expect(poppler.warnings).toEqual([]);
    expect(poppler.pages).toBe(1);
    expect(renderWithPdfJs(pdf).warnings).toEqual([]);
    const text = poppler.pageTexts[0].replace(/\s+/g, ' ');
    expect(text).toContain('Situationsplan Zug Altstadt');
    expect(text).toContain('Floods');
    expect(text).toContain("Scale 1:2'000");
  }, 240_000);
});
