import type { Browser, Page } from 'playwright-core';
import {
  e2eState,
  launchBrowser,
  linkIn,
  loginUrlLandingOn,
  newPage,
  saveScreenshot,
  usersCli,
  waitForLanding,
  waitForMail,
} from './harness';

/** A unique address per run, so a rerun against the same data directory starts clean. */
const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;

/** Signs in on the login screen the page shows and waits for `landing` (the map unless its URL says otherwise). */
async function logIn(page: Page, username: string, password: string, landing = '/') {
  await page.getByLabel('Username', { exact: true }).fill(username);
  // Enter submits (spec §2). After a failed attempt antd's button can keep its loading icon's leave animation
  // (and so the accessible name "loading Login") for a while in headless Chromium, so we do not click it here.
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await waitForLanding(page, landing);
}

/**
 * Where the logout tests sign in: the settings, which draw no map, as the tests go on to /logout at once (a map
 * would cost seconds of software WebGL for nothing).
 */
const BEFORE_LOGOUT = '/settings';

/** The avatar's initial in the top bar and the stored session. */
async function expectSignedIn(page: Page, initial: string) {
  await page.getByTestId('avatar').filter({ hasText: initial }).waitFor();
  const session = await page.evaluate(() => window.localStorage.getItem('persist:parcel-atlas.session'));
  expect(session).toContain('ssoToken');
  expect(session).not.toContain('"ssoToken":"null"');
}

describe('accounts in a real browser against the real server and a real SMTP receiver', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('register → open the mailed link → activate → land on the map signed in', async () => {
    const page = await newPage(browser);
    const email = unique('erika');
    const since = Date.now();
    await page.goto('/register');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Check your email for verification link').waitFor();

    const mail = await waitForMail(email, since);
    expect(mail.text).toContain('Parcel Atlas: confirm your e-mail address');
    await page.goto(linkIn(mail, '/register/activate/'));
    await page.getByText('Activation verification in progress').waitFor();
    await page.getByText('Email verification successful').waitFor();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Full name').fill('Erika Muster');
    await page.getByLabel('Phone number').fill('+41 44 123 45 67');
    await page.getByLabel('Company name').fill('Muster AG');
    await page.getByLabel('Company address').fill('Bahnhofstrasse 1\n8001 Zürich');
    // The empty password field says what to do; a weak password is refused next to it, and the refusal
    // goes as soon as the password reaches full strength, before the next submit.
    const passwordItem = page
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel('Password', { exact: true }) });
    await passwordItem.getByText('Enter a password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Abcdefg12');
    await page.getByLabel('Confirm password').fill('Abcdefg12');
    await page.getByRole('button', { name: 'Register' }).click();
    const weak = passwordItem.getByText(/^Please choose a stronger password/);
    await weak.waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Str0ng!Pass');
    await weak.waitFor({ state: 'detached' });
    expect(await page.getByTestId('password-strength').getAttribute('data-score')).toBe('5');
    await saveScreenshot(page, 'activation-strong-password');
    await page.getByLabel('Confirm password').fill('Str0ng!Pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration Successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSignedIn(page, 'E');
  });

  it('forgot password → mailed link → new password → log in', async () => {
    const email = unique('frank');
    await usersCli(['create', email, '--password', 'Old#Frank-7qZ', '--name', 'Frank Fischer']);
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const since = Date.now();
    await page.getByLabel('Username', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send instructions' }).click();
    await page.getByText(/check your spam folder/).waitFor();

    const mail = await waitForMail(email, since);
    await page.goto(linkIn(mail, '/reset-password/'));
    await page.getByLabel('New password').fill('New#Frank-9xW');
    await page.getByLabel('Confirm password').fill('New#Frank-9xW');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Success. Redirecting to login page...').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByLabel('Username', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Old#Frank-7qZ');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Invalid username or password').waitFor();
    await logIn(page, email.toUpperCase(), 'New#Frank-9xW');
    await expectSignedIn(page, 'F');
  });

  it("an admin invites → the invitee accepts → logs in; elsewhere the login speaks the invitee's language", async () => {
    const { baseUrl } = e2eState();
    const admin = unique('admin');
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
    const login = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin, password: 'Adm1n!Passw0rd' }),
    });
    const { token } = (await login.json()) as { token: string };
    const invitee = unique('gina');
    const since = Date.now();
    const invite = await fetch(`${baseUrl}/api/admin/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: invitee, name: 'Gina Gast', language: 'it' }),
    });
    expect(invite.status).toBe(200);

    const page = await newPage(browser);
    const mail = await waitForMail(invitee, since);
    // The mailed link opens in Italian; this browser's user picks English instead (a choice that stays).
    const link = new URL(linkIn(mail, '/invite/'));
    expect(link.searchParams.get('lang')).toBe('it');
    link.searchParams.set('lang', 'en');
    await page.goto(link.toString());
    await page.getByText('Hello Gina Gast, welcome to Parcel Atlas').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Invit3d!Pass');
    await page.getByLabel('Confirm password').fill('Invit3d!Pass');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.getByText('Success. Redirecting to login page...').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, invitee, 'Invit3d!Pass');
    await expectSignedIn(page, 'G');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Another browser, where no language was chosen: after login the app speaks the preferred Italian.
    const elsewhere = await newPage(browser);
    await elsewhere.goto('/login');
    await logIn(elsewhere, invitee, 'Invit3d!Pass');
    await expectSignedIn(elsewhere, 'G');
    await elsewhere.getByRole('searchbox', { name: 'Ricerca rapida' }).waitFor();
    expect(await elsewhere.evaluate(() => document.documentElement.lang)).toBe('it');
    expect(await elsewhere.evaluate(() => localStorage.getItem('user-language'))).toBe('it');
    // The map's credits speak it too.
    await elsewhere
      .locator('.maplibregl-ctrl-attrib')
      .getByText('Geodati © Ufficio federale di statistica')
      .waitFor();
    await saveScreenshot(elsewhere, 'invitee-signed-in-italian', { lastLook: true });
  });

  it('logout revokes the session on the server: the tokens read before logging out then get 401', async () => {
    const { baseUrl } = e2eState();
    const email = unique('ida');
    await usersCli(['create', email, '--password', 'Ida#Kx9mPq2v', '--name', 'Ida Imhof']);
    const page = await newPage(browser);
    await page.goto(loginUrlLandingOn(BEFORE_LOGOUT));
    await logIn(page, email, 'Ida#Kx9mPq2v', BEFORE_LOGOUT);
    await expectSignedIn(page, 'I');
    // redux-persist stores each slice key as JSON inside the JSON of the session.
    await page.waitForFunction(() =>
      /mainToken":"\{/.test(window.localStorage.getItem('persist:parcel-atlas.session') ?? ''),
    );
    const stored = await page.evaluate(() => window.localStorage.getItem('persist:parcel-atlas.session'));
    const session = JSON.parse(stored ?? '{}') as Record<string, string>;
    const sso = (JSON.parse(session.ssoToken) as { value: string }).value;
    const main = (JSON.parse(session.mainToken) as { value: string }).value;
    const profile = () =>
      fetch(`${baseUrl}/api/admin/profile`, { headers: { authorization: `Bearer ${sso}` } });
    const subscriptions = () =>
      fetch(`${baseUrl}/v1/secure/subscriptions`, { headers: { authorization: `Bearer ${main}` } });
    expect((await profile()).status).toBe(200);
    expect((await subscriptions()).status).toBe(200);

    await page.goto('/logout');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await profile()).status).toBe(401);
    expect((await subscriptions()).status).toBe(401);
  });

  it('logout: Cancel returns to the map; Yes clears the session and the next visit goes to /login', async () => {
    const email = unique('hans');
    await usersCli(['create', email, '--password', 'Hans#Tq7wZr4k', '--name', 'Hans Huber']);
    const page = await newPage(browser);
    await page.goto(loginUrlLandingOn(BEFORE_LOGOUT));
    await logIn(page, email, 'Hans#Tq7wZr4k', BEFORE_LOGOUT);
    await expectSignedIn(page, 'H');

    await page.goto('/logout');
    await page.getByText('Do you want to logout?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/logout');
    // Yes first asks the server to end the session, then clears and reloads: wait for that reload, as the
    // in-page redirect to /login may come just before it.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Yes' }).click();
    await reloaded;
    await page.waitForURL((url) => url.pathname === '/login');
    // Cleared storage may or may not have been re-written with the empty session before the reload.
    const stored = await page.evaluate(() => window.localStorage.getItem('persist:parcel-atlas.session'));
    expect(stored ?? '').not.toContain('Hans');
    await page.goto('/');
    // The guard redirects inside the page (history API), so wait on the location rather than a load event.
    await page.waitForFunction(() => window.location.pathname === '/login');
  });
});
