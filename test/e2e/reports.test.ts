import type { Browser, Page, Response } from 'playwright-core';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, quickSearch, saveScreenshot, usersCli } from './harness';

const PASSWORD = 'Atlas#2026reports';

async function signIn(page: Page, name: string): Promise<void> {
  const username = `${name.toLowerCase()}-${Date.now()}@example.ch`;
  await usersCli(['create', username, '--password', PASSWORD, '--name', name]);
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('reports and exports in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the result card opens the PDF report in a new tab; the drawer opens the assessment and the register', async () => {
    const page = await newPage(browser);
    await signIn(page, 'Reto');
    await quickSearch(page, 'Baar');
    const card = page.getByTestId('result-card').first();
    const title = (await card.locator('.ant-card-head-title').textContent()) ?? '';

    // The card's report icon: a new tab whose response is the PDF.
    const pdfResponse = page
      .context()
      .waitForEvent('response', (response: Response) => response.url().includes('/v1/secure/reports/pdf?'));
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('button', { name: 'Full report' }).click(),
    ]);
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(
      /^inline; filename="CH[0-9A-Z]{12}-Baar-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect(new URL(pdf.url()).searchParams.get('lang')).toBe('en');
    await page.getByText('The PDF report opens in a new tab.').waitFor();
    await tab.close();

    // The drawer's action bar.
    await card.click();
    const drawer = page.getByTestId('parcel-drawer');
    const bar = drawer.getByTestId('parcel-action-bar');
    await bar.waitFor();
    const egrid = (await drawer
      .locator('.ant-descriptions-item-content')
      .filter({ hasText: /^CH[0-9A-Z]{12}$/ })
      .first()
      .textContent())!.trim();
    expect(egrid).toMatch(/^CH[0-9A-Z]{12}$/);
    // A demo parcel's EGRID is invented: the register link opens the official cadastral map at its position.
    const register = bar.getByTestId('report-link-register');
    expect(await register.getAttribute('href')).toContain('layers=ch.kantone.cadastralwebmap-farbe');
    expect(await register.textContent()).toContain('Cadastral map at the parcel');
    await saveScreenshot(page, 'reports-action-bar');

    const [assessment] = await Promise.all([
      page.context().waitForEvent('page'),
      bar.getByTestId('report-action-assessment').click(),
    ]);
    await assessment.waitForLoadState();
    await assessment.getByTestId('assessment-parcel').waitFor();
    expect(await assessment.getByTestId('assessment-parcel').textContent()).toContain(egrid);
    expect(await assessment.locator('h1').textContent()).toContain(title.replace('Parcel ', ''));
    await assessment.getByText('Automated assessment', { exact: true }).first().waitFor();
    await assessment.setViewportSize(DESKTOP_VIEWPORT);
    await saveScreenshot(assessment, 'reports-assessment', { lastLook: true });
    await assessment.close();
  });
});
