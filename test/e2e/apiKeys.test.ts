/**
 * Settings › API keys in a real browser against the real server: a key is created and shown once, works
 * at the OGC API, is revoked with a confirmation and is then refused; an administrator sees the company's keys.
 */
import type { Browser } from 'playwright-core';
import {
  createAdmin,
  cspViolations,
  e2eState,
  launchBrowser,
  logIn,
  newPage,
  saveScreenshot,
} from './harness';

const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;

const collections = (key: string) =>
  fetch(`${e2eState().baseUrl}/ogc/collections`, { headers: { authorization: `Bearer ${key}` } });

describe('API keys in Settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('creates a key shown once, which QGIS could use, and revokes it', async () => {
    const email = unique('ines');
    await createAdmin(email, 'Ines#Qg1s2026', 'Ines Imhof');
    const page = await newPage(browser);
    await logIn(page, email, 'Ines#Qg1s2026', '/settings?tab=api-keys');
    await page.getByRole('tab', { name: 'API keys', exact: true }).waitFor();
    await page.getByText('No API keys yet').waitFor();
    // The metering rule with its number formatted (an unparsed message would show "{tiles}").
    await page.getByText(/tiles are free up to 20,000 per key and day/).waitFor();
    await expect(page.getByTestId('ogc-url').textContent()).resolves.toMatch(/\/ogc$/);

    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Required').first().waitFor();
    await page.getByLabel('Name', { exact: true }).fill('QGIS office');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^pa_/);
    await page.getByRole('cell', { name: 'QGIS office' }).waitFor();
    await saveScreenshot(page, 'settings-api-key-created');
    expect((await collections(secret)).status).toBe(200);

    // Once dismissed, the key is never shown again: only its first characters.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    await page.getByRole('cell', { name: 'QGIS office' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.getByRole('cell', { name: `${secret.slice(0, 10)}…` }).waitFor();

    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Revoke this key?').waitFor();
    await saveScreenshot(page, 'settings-api-key-revoke-confirm');
    await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Revoked', { exact: true }).waitFor();
    await saveScreenshot(page, 'settings-api-key-revoked');
    expect((await collections(secret)).status).toBe(401);

    await page.goto('/settings?tab=company-api-keys');
    await page.getByTestId('company-api-keys').getByRole('cell', { name: 'QGIS office' }).waitFor();
    await saveScreenshot(page, 'settings-company-api-keys', { lastLook: true });
    expect(cspViolations(page)).toEqual([]);
  });
});
