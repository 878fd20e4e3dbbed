import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, saveScreenshot, newMapUser, waitForMapIdle } from './harness';

const PASSWORD = 'Atlas#2026plans';
/** redux-persist's key of the session slice (src/app/rootReducer.ts: persist:parcel-atlas.session). */
const SESSION_KEY = 'persist:parcel-atlas.session';

/**
 * Logs in through the SSO API and hands the browser the session the login screen would store, then
 * opens the map, which loads the profile and authorises against the main server. Keeps this journey
 * independent of the login screen's own test.
 *
 * The session is written on a same-origin page that does not run the app (/healthz): on an app page,
 * redux-persist writes the session it restored (empty) back to localStorage a few timer ticks after
 * start, and on a busy machine that write lands after ours and the map opens logged out.
 */
async function signIn(page: Page, username: string): Promise<string> {
  const login = await page.request.post('/api/user/login', { data: { username, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.goto('/healthz');
  await page.evaluate(
    ([key, ssoToken]) => {
      const cached = JSON.stringify({ value: ssoToken, expiresAt: Date.now() + 3_600_000 });
      window.localStorage.setItem(
        key,
        JSON.stringify({
          ssoToken: cached,
          mainToken: 'null',
          profile: 'null',
          profileFetchedAt: 'null',
          _persist: JSON.stringify({ version: -1, rehydrated: true }),
        }),
      );
    },
    [SESSION_KEY, token],
  );
  await page.goto('/');
  await page.getByTestId('plan-button').waitFor();
  return token;
}

/** antd zooms a dialog in from transparent: a screenshot before that ends shows no dialog. */
async function waitUntilFullyShown(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction(
      (node) => node !== null && node.getAnimations().length === 0 && getComputedStyle(node).opacity === '1',
      element,
    );
}

describe('plans, checkout and quotas in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a new user chooses Standard, pays on the test checkout, returns to the success page and sees 350/350/50 in the plan dialog', async () => {
    const page = await newPage(browser);
    await signIn(page, await newMapUser('Petra', PASSWORD));

    await page.goto('/plans');
    await page.getByTestId('plan-standard').getByRole('button', { name: 'Select Plan' }).click();
    await page.waitForURL('**/checkout/standard');
    await page.getByText('CHF 59.90').waitFor();
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await checkout.and(page.locator(':enabled')).waitFor();
    await checkout.click();

    await page.waitForURL(/\/v1\/secure\/payment\/test-checkout\/cs_test_/);
    await page.getByRole('alert').filter({ hasText: 'TEST PAYMENT' }).waitFor();
    await page.getByText('Subscribe to Standard Plan').waitFor();
    await page.getByRole('button', { name: 'Pay CHF 59.90' }).click();

    await page.waitForURL(/\/payment\/success\/cs_test_[^?]+\?product=Standard%20Plan$/);
    await page.getByText('Thank you for subscribing to Standard Plan!').waitFor();
    await saveScreenshot(page, 'plans-success');

    await page.getByRole('button', { name: 'Search Map' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const planButton = page.getByTestId('plan-button');
    await planButton.filter({ hasText: 'Standard Plan' }).waitFor();
    await planButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('plan-product').filter({ hasText: 'Standard Plan' }).waitFor();
    expect(await dialog.getByTestId('limit-max_advance_search').textContent()).toBe('350');
    expect(await dialog.getByTestId('limit-max_full_view').textContent()).toBe('350');
    expect(await dialog.getByTestId('limit-max_report_download').textContent()).toBe('50');
    await waitUntilFullyShown(dialog);
    await saveScreenshot(page, 'plans-dialog', { lastLook: true });
  });

  it('a user at the advanced search limit gets the LIMIT_REACHED snackbar', async () => {
    const page = await newPage(browser);
    const ssoToken = await signIn(page, await newMapUser('Lena', PASSWORD));
    const authorize = await page.request.post('/v1/secure/user/authorize', {
      headers: { authorization: `Bearer ${ssoToken}` },
    });
    const { token: mainToken } = (await authorize.json()) as { token: string };
    const headers = { authorization: `Bearer ${mainToken}` };
    // The trial allows 10 advanced searches, each distinct filter set counted once: use them up with ten.
    for (let i = 1; i <= 10; i += 1) {
      const response = await page.request.get(
        `/v1/secure/maps/advance-search?a=1&CANTON=ZG&PRC_SUR_from=${i}&page=1&size=12`,
        { headers },
      );
      expect(response.status()).toBe(200);
    }
    const refused = await page.request.get('/v1/secure/maps/advance-search?a=1&CANTON=ZG&page=1&size=12', {
      headers,
    });
    expect(refused.status()).toBe(402);
    expect(await refused.json()).toMatchObject({ errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH' });

    await page.goto('/?CANTON=ZG');
    const snackbar = page
      .getByRole('alert')
      .filter({ hasText: 'You have reached the advanced search limit of your plan.' });
    await snackbar.waitFor();
    // Every LIMIT_REACHED snackbar offers the upgrade.
    await snackbar.getByRole('button', { name: 'Upgrade' }).waitFor();
    // The picture should show the base map under the refusal, not a map still loading.
    await waitForMapIdle(page);
    await saveScreenshot(page, 'plans-limit-reached', { lastLook: true });
  });
});
