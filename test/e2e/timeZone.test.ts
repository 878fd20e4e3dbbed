/**
 * The time zone of the saved-search digests in a real browser against the real server: the
 * Profile tab shows Europe/Zurich at first, a zone found by typing is saved and still there after a
 * reload; desktop and phone screenshots.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { cspViolations, launchBrowser, newPage, saveScreenshot, signInAsNewUser } from './harness';

describe('time zone setting', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('starts in Zurich, finds New York by typing, and keeps it after a reload', async () => {
    const page = await newPage(browser);
    await signInAsNewUser(page, 'Nora Zeitzone', 'Atlas#2026zones', '/settings');
    const setting = page.getByTestId('time-zone-setting');
    await setting.getByText('Europe / Zurich').waitFor();
    const select = setting.getByRole('combobox', { name: 'Time zone' });
    await select.click();
    await select.fill('new yo');
    await page.locator('.ant-select-item-option[title="America / New York"]').click();
    await page.getByText('Time zone set to America / New York').waitFor();
    await page.reload();
    const reloaded = page.getByTestId('time-zone-setting');
    await reloaded.getByText('America / New York').waitFor();
    // Enabled once the preferences have loaded; the picture after its colour transition.
    await reloaded.locator('.ant-select-disabled').waitFor({ state: 'detached' });
    await reloaded.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await saveScreenshot(page, 'settings-time-zone');
    // The field is below the profile on a phone: a picture of it there as well.
    await page.setViewportSize({ width: 390, height: 844 });
    await reloaded.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.resolve('test-results', 'settings-time-zone-field-390.png') });
    expect(cspViolations(page)).toEqual([]);
  });
});
