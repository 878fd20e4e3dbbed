import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './harness';

describe('routing and language in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sends an unknown path to / and, without a session, on to /login', async () => {
    const page = await newPage(browser);
    await page.goto('/does-not-exist');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows German text for /login?lang=de and stores user-language = de', async () => {
    const page = await newPage(browser);
    await page.goto('/login?lang=de');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('user-language'))).toBe('de');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});
