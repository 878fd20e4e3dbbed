import type { Browser, Page } from 'playwright-core';
import { totpCodeAt } from '../../server/services/accounts/totpCodes';
import {
  e2eState,
  launchBrowser,
  loginUrlLandingOn,
  newPage,
  saveScreenshot,
  usersCli,
  waitForLanding,
} from './harness';

/** A unique address per run, so a rerun against the same data directory starts clean. */
const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;

/**
 * Username and password; the screen then asks for the second factor (or opens the map, or `next`: a test that
 * starts in Settings goes there without drawing the map first).
 */
async function enterPassword(page: Page, username: string, password: string, next?: string) {
  await page.goto(loginUrlLandingOn(next ?? '/'));
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

const onMap = (page: Page) => waitForLanding(page, '/');
const inSettings = (page: Page) => waitForLanding(page, '/settings');

/** The code of the next 30-second step: the step of the enrolment's own code is never accepted again. */
const nextStepCode = (secret: string) => totpCodeAt(secret, Date.now() + 30_000);

describe('two-factor sign-in in a real browser against the real server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sets up an authenticator app in Settings, then signs in with a code and with a recovery code', async () => {
    const email = unique('tina');
    const password = 'Tina#Kx9mPq2v';
    await usersCli(['create', email, '--password', password, '--name', 'Tina Tanner']);
    const page = await newPage(browser);
    await enterPassword(page, email, password, '/settings?tab=security');
    await inSettings(page);

    await page.getByRole('button', { name: 'Set up' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await saveScreenshot(page, 'two-factor-enrol');
    await page
      .getByLabel('Code from the app')
      .fill('000000' === totpCodeAt(secret, Date.now()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('This code is not correct or was used already').waitFor();
    await page.getByLabel('Code from the app').fill(totpCodeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // The codes come with the server's answer: wait for the list before reading it (reading does not wait).
    await page.getByTestId('recovery-codes').locator('li').first().waitFor();
    const codes = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) =>
      c.trim(),
    );
    expect(codes).toHaveLength(10);
    await saveScreenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved the codes' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await saveScreenshot(page, 'two-factor-settings-on');

    // A new browser: the right password alone opens a verification step, not the map.
    const second = await newPage(browser);
    await enterPassword(second, email, password);
    await second.getByText('Confirm your sign-in').waitFor();
    expect(second.url()).toContain('/login');
    await saveScreenshot(second, 'two-factor-login-step');
    await second.getByLabel('Authenticator code or recovery code').fill(nextStepCode(secret));
    await second.getByRole('button', { name: 'Verify' }).click();
    await onMap(second);

    // A third browser without the phone: a recovery code, once.
    const third = await newPage(browser);
    await enterPassword(third, email, password);
    await third.getByLabel('Authenticator code or recovery code').fill(codes[0]);
    await third.getByRole('button', { name: 'Verify' }).click();
    await onMap(third);
    const fourth = await newPage(browser);
    await enterPassword(fourth, email, password);
    await fourth.getByLabel('Authenticator code or recovery code').fill(codes[0]);
    await fourth.getByRole('button', { name: 'Verify' }).click();
    await fourth.getByText('This code is not correct or was used already').waitFor();
    expect(new URL(fourth.url()).pathname).toBe('/login');

    // New recovery codes in Settings (password and a code): the old ones stop working.
    await page.goto('/settings?tab=security');
    await page.getByText('9 recovery codes left').waitFor();
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('Authenticator code or recovery code').fill(codes[1]);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    const renewed = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) =>
      c.trim(),
    );
    expect(renewed).toHaveLength(10);
    expect(renewed).not.toContain(codes[2]);
    await saveScreenshot(page, 'two-factor-recovery-codes-renewed');
    await page.getByRole('button', { name: 'I have saved the codes' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    const fifth = await newPage(browser);
    await enterPassword(fifth, email, password);
    await fifth.getByLabel('Authenticator code or recovery code').fill(codes[2]);
    await fifth.getByRole('button', { name: 'Verify' }).click();
    await fifth.getByText('This code is not correct or was used already').waitFor();
    await fifth.getByLabel('Authenticator code or recovery code').fill(renewed[0]);
    await fifth.getByRole('button', { name: 'Verify' }).click();
    await onMap(fifth);
    for (const each of [page, second, third, fourth, fifth]) await each.context().close();
  }, 180_000);

  it('adds a named passkey (virtual authenticator) and signs in with it as the second factor', async () => {
    const email = unique('paul');
    const password = 'Paul#Kx9mPq2v';
    await usersCli(['create', email, '--password', password, '--name', 'Paul Pfister']);
    // WebAuthn takes no IP address as relying party: this test opens the app on localhost.
    const page = await newPage(browser, { baseURL: e2eState().baseUrl.replace('127.0.0.1', 'localhost') });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await enterPassword(page, email, password, '/settings?tab=security');
    await inSettings(page);
    await page.getByLabel('Name of the new passkey').fill('Office laptop');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.getByText('Office laptop').waitFor();
    await saveScreenshot(page, 'two-factor-passkey-added');

    // Signed out on this device; the password then asks for the passkey.
    await page.evaluate(() => window.localStorage.clear());
    await enterPassword(page, email, password);
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await saveScreenshot(page, 'two-factor-passkey-step');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await onMap(page);
    const session = await page.evaluate(() => window.localStorage.getItem('persist:parcel-atlas.session'));
    expect(session).toContain('ssoToken');

    // Renamed in place in Settings.
    await page.goto('/settings?tab=security');
    await page.getByRole('button', { name: 'Rename: Office laptop' }).click();
    await page.getByLabel('New name of the passkey').fill('Paul’s ThinkPad');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Paul’s ThinkPad').waitFor();
    await saveScreenshot(page, 'two-factor-passkey-renamed');

    // Signed out again: the passkey alone signs in, no username or password typed.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await saveScreenshot(page, 'login-with-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await onMap(page);
    expect(await page.evaluate(() => window.localStorage.getItem('persist:parcel-atlas.session'))).toContain(
      'ssoToken',
    );
    await page.context().close();
  }, 180_000);

  it('an admin requires two factors for a site; its user is taken to the set-up after signing in', async () => {
    const admin = unique('ada');
    const worker = unique('walter');
    const site = `bau-${Date.now()}`;
    await usersCli([
      'create',
      admin,
      '--password',
      'Adm1n!Passw0rd',
      '--name',
      'Ada Admin',
      '--roles',
      'ADMIN',
    ]);
    await usersCli(['create', worker, '--password', 'Walt#Kx9mPq2v', '--name', 'Walter Weber']);
    // The site and its grant through the administrators' API (the Users tab's dialog is tested elsewhere).
    const { baseUrl } = e2eState();
    const call = async (path: string, token: string | null, body?: object) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const adminToken = (await call('/api/user/login', null, { username: admin, password: 'Adm1n!Passw0rd' }))
      .token as string;
    await call('/api/admin/sites', adminToken, { siteID: site, name: 'Baustelle Zug' });
    const page = (await call(`/api/admin/users?search=${encodeURIComponent(worker)}`, adminToken)) as {
      items?: { id: string }[];
    };
    const workerId = page.items?.[0]?.id as string;
    await call(`/api/admin/users/${workerId}/sites`, adminToken, { sites: [site] });

    const adminPage = await newPage(browser);
    await enterPassword(adminPage, admin, 'Adm1n!Passw0rd', '/settings?tab=sites');
    await inSettings(adminPage);
    const toggle = adminPage.getByRole('switch', { name: 'Two factors required: Baustelle Zug' });
    await toggle.click();
    await adminPage.getByText('Every account of this site must now sign in with two factors').waitFor();
    // The switch shows the server's state once the sites list is loaded again.
    await adminPage
      .getByRole('switch', { name: 'Two factors required: Baustelle Zug', checked: true })
      .waitFor();
    await saveScreenshot(adminPage, 'two-factor-site-requirement');

    const workerPage = await newPage(browser);
    await enterPassword(workerPage, worker, 'Walt#Kx9mPq2v');
    await workerPage.waitForURL((url) => url.pathname === '/two-factor-setup');
    await workerPage.getByText('Your company requires a second factor for every sign-in.').waitFor();
    await saveScreenshot(workerPage, 'two-factor-setup-required');
    // The map stays closed until a factor is set up.
    await workerPage.goto('/');
    await workerPage.waitForURL((url) => url.pathname === '/two-factor-setup');
    await workerPage.getByRole('button', { name: 'Set up' }).click();
    const secret = (await workerPage.getByTestId('totp-secret').innerText()).trim();
    await workerPage.getByLabel('Code from the app').fill(totpCodeAt(secret, Date.now()));
    await workerPage.getByRole('button', { name: 'Turn on' }).click();
    await workerPage.getByRole('button', { name: 'I have saved the codes' }).click();
    await workerPage.getByRole('button', { name: 'Continue to the map' }).click();
    await onMap(workerPage);
    await workerPage.getByTestId('avatar').filter({ hasText: 'W' }).waitFor();
    for (const each of [adminPage, workerPage]) await each.context().close();
  }, 180_000);
});
