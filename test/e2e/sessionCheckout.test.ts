import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newMapUser,
  newPage,
  saveScreenshot,
  usersCli,
  waitForResizeSettled,
} from './harness';

const PASSWORD = 'Atlas#2026session';
const DESKTOP = { width: 1440, height: 900 };

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel(/^(Username|Benutzername)$/).fill(username);
  await page.getByLabel(/^(Password|Passwort)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Login|Anmelden)$/ }).click();
}

describe('session, checkout and coupons in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('logs in from the checkout, comes back to it, pays with a coupon and the success page confirms it', async () => {
    const code = `E2E${Date.now()}`;
    await usersCli(['coupon-create', code, '--percent', '25', '--max', '1']);
    const username = await newMapUser('Rita', PASSWORD);
    const page = await newPage(browser);
    await page.goto('/checkout/standard');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.search === '?next=%2Fcheckout%2Fstandard',
    );
    await logIn(page, username);
    await page.waitForURL((url) => url.pathname === '/checkout/standard');

    await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid coupon code' }).waitFor();

    await page.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('plan-price').filter({ hasText: 'CHF 44.92' }).waitFor();
    await page.getByTestId('plan-price-before').filter({ hasText: 'CHF 59.90' }).waitFor();
    await saveScreenshot(page, 'checkout-coupon');
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await checkout.and(page.locator(':enabled')).waitFor();
    await checkout.click();

    await page.waitForURL(/\/v1\/secure\/payment\/test-checkout\/cs_test_/);
    await page.getByText('Subscribe to Standard Plan').waitFor();
    expect(await page.locator('.amount').textContent()).toContain(
      `CHF 44.92 (coupon ${code}, instead of CHF 59.90)`,
    );
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment\/success\/cs_test_/);
    await page.getByText('Thank you for subscribing to Standard Plan!').waitFor();

    // The same page for a made-up checkout id thanks nobody.
    await page.goto('/payment/success/cs_test_madeup?product=Premium%20Plan');
    await page.getByText('We could not confirm this payment').waitFor();
    expect(await page.getByText('Premium Plan').count()).toBe(0);
    await saveScreenshot(page, 'payment-not-confirmed', { lastLook: true });
  });

  it('a German user sees the whole canton-first placeholder in the advanced search, on a phone too', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await page.goto('/login?lang=de');
    await logIn(page, await newMapUser('Urs', PASSWORD));
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Erweiterte Suche' }).click();
    const dialog = page.getByRole('dialog');
    const placeholders = dialog.locator('.lookup-select.ant-select-disabled .ant-select-placeholder');
    await placeholders.first().waitFor();
    expect(await placeholders.count()).toBe(5);
    // Wholly shown at the desktop's width (the page opens at it), then at the phone's, where the pictures leave
    // the page: no second trip to either width.
    const placeholdersWhole = async () => {
      const cut = await placeholders.evaluateAll(
        (nodes) =>
          nodes.filter(
            (node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
          ).length,
      );
      expect(cut).toBe(0);
      const text = await placeholders.first().textContent();
      expect(text).toBe('Bitte wählen Sie zuerst einen Kanton, um dieses Feld zu aktivieren');
    };
    await waitForResizeSettled(page);
    await placeholdersWhole();
    await saveScreenshot(page, 'advanced-search-placeholder-de', { lastLook: true });
    await placeholdersWhole();
  });
});
