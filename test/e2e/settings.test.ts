import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, logIn, newPage, saveScreenshot, usersCli } from './harness';

/** A 1×1 PNG. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A unique address per run, so a rerun against the same data directory starts clean. */
const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;

async function openSettings(page: Page, tab = '') {
  await page.goto(`/settings${tab ? `?tab=${tab}` : ''}`);
  await settingsShown(page);
}

/** The settings screen is up (after a login that landed there, or a navigation). */
async function settingsShown(page: Page) {
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
}

describe('settings in a real browser against the real server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('profile: edit, save, back in read mode, and the saved values after a reload', async () => {
    const email = unique('greta');
    await usersCli(['create', email, '--password', 'Greta#Vb8nQ2x', '--name', 'Greta Graf']);
    const page = await newPage(browser);
    await logIn(page, email, 'Greta#Vb8nQ2x', '/settings');
    await settingsShown(page);
    await page.getByRole('cell', { name: 'Greta Graf' }).waitFor();
    await saveScreenshot(page, 'settings-profile');

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Greta Graf-Keller');
    await page.getByLabel('Phone number').fill('+41 41 555 12 34');
    await page.getByLabel('Company name').fill('Graf Architekten AG');
    await page.getByLabel('Company address').fill('Seestrasse 8\n6004 Luzern');
    await saveScreenshot(page, 'settings-profile-edit');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile saved').first().waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('cell', { name: 'Greta Graf-Keller' }).waitFor();

    await page.reload();
    await page.getByRole('cell', { name: 'Greta Graf-Keller' }).waitFor();
    await page.getByRole('cell', { name: '+41 41 555 12 34' }).waitFor();
    await page.getByRole('cell', { name: 'Graf Architekten AG' }).waitFor();
    // The avatar letter follows the new name; an uploaded picture replaces it in the top bar.
    await page.getByTestId('avatar').filter({ hasText: 'G' }).waitFor();
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'greta.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await page.getByText('Profile picture updated').first().waitFor();
    await page.getByTestId('avatar').locator('img').waitFor();
    expect(cspViolations(page)).toEqual([]);
  });

  it('password change keeps this session; the new password logs in and the old one no longer does', async () => {
    const email = unique('hugo');
    await usersCli(['create', email, '--password', 'Hugo#Lm3pW9zt', '--name', 'Hugo Huber']);
    const page = await newPage(browser);
    await logIn(page, email, 'Hugo#Lm3pW9zt', '/settings');
    await settingsShown(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.getByText('Please enter password and confirm password').waitFor();
    await page.getByLabel('Current password').fill('Hugo#Lm3pW9zt');
    await page.getByLabel('Password', { exact: true }).fill('Hugo!Neu2026');
    await page.getByLabel('Confirm password').fill('Hugo!Neu2026');
    await saveScreenshot(page, 'settings-change-password');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.getByText('Password updated successfully').first().waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    // This session stays: a reload still shows the settings.
    await page.reload();
    await page.getByRole('cell', { name: 'Hugo Huber' }).waitFor();

    const other = await newPage(browser);
    await other.goto('/login');
    await other.getByLabel('Username', { exact: true }).fill(email);
    await other.getByLabel('Password', { exact: true }).fill('Hugo#Lm3pW9zt');
    await other.getByLabel('Password', { exact: true }).press('Enter');
    await other.getByText('Invalid username or password').waitFor();
    await logIn(other, email, 'Hugo!Neu2026');
    await other.close();
  });

  it('an administrator writes a signature with bold and a list, sees it after a reload, and sees the Users tab', async () => {
    const email = unique('ida');
    await usersCli([
      'create',
      email,
      '--password',
      'Ida#Rt5yU8kq1',
      '--name',
      'Ida Imhof',
      '--roles',
      'ADMIN',
    ]);
    const page = await newPage(browser);
    await logIn(page, email, 'Ida#Rt5yU8kq1', '/settings?tab=signature');
    await settingsShown(page);
    const editor = page.getByRole('textbox', { name: 'E-mail signature' });
    await editor.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Ida Imhof');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Imhof Immobilien AG');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Zug and Luzern');
    await page.getByRole('button', { name: 'Save signature' }).click();
    await page.getByText('Updated email signature').first().waitFor();

    await page.reload();
    const reloaded = page.getByRole('textbox', { name: 'E-mail signature' });
    await reloaded.locator('li', { hasText: 'Zug and Luzern' }).waitFor();
    expect(await reloaded.locator('li').allTextContents()).toEqual(['Imhof Immobilien AG', 'Zug and Luzern']);
    const bold = await reloaded.getByText('Ida Imhof').evaluate((node) => getComputedStyle(node).fontWeight);
    expect(Number(bold)).toBeGreaterThanOrEqual(600);
    await saveScreenshot(page, 'settings-signature');

    // The tab pages 20 users by username: with the other browser tests' accounts Ida may be on a later
    // page, so she is found by the tab's search, as an administrator would look someone up.
    const findIda = async () => {
      const search = page.getByLabel('Search name, username or e-mail', { exact: true });
      await search.fill(email);
      await search.press('Enter');
      await page.getByText(email).first().waitFor();
    };
    await page.getByRole('tab', { name: 'Users' }).click();
    await findIda();
    await openSettings(page, 'users');
    await findIda();
    await saveScreenshot(page, 'settings-users');

    await openSettings(page, 'sites');
    const siteId = `ZG-${Date.now() % 100000}`;
    await page.getByLabel('Site ID').fill(siteId);
    await page.getByLabel('Name', { exact: true }).fill('Baar office');
    await page.getByRole('button', { name: 'Save site' }).click();
    await page.getByRole('cell', { name: siteId }).waitFor();
    await saveScreenshot(page, 'settings-sites', { lastLook: true });
  });
});
