/**
 * axe-core on every screen and main state, in Chromium against the real server: no WCAG 2.1 A/AA violation
 * at 1440×900 or on a 390×844 phone; and a keyboard-only way from the search to a parcel's report.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  e2eState,
  launchBrowser,
  linkIn,
  loginUrlLandingOn,
  quickSearch,
  TEST_CONTEXT_DEFAULTS,
  usersCli,
  waitForAnimationsToEnd,
  waitForLanding,
  waitForMail,
  waitForMapIdle,
  waitForResizeSettled,
} from './harness';

const PASSWORD = 'Atlas#2026a11y';
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * A context whose pages accept the injected axe script: the app's Content-Security-Policy refuses inline
 * scripts, and that is what the test bypasses, not the app.
 */
async function a11yContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({
    ...TEST_CONTEXT_DEFAULTS,
    baseURL: e2eState().baseUrl,
    viewport,
    bypassCSP: true,
  });
}

/** Saves `<name>.png` under test-results/ at the page's size. */
async function picture(page: Page, name: string): Promise<void> {
  const dir = path.resolve('test-results', 'a11y');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Runs axe over the page as it is and returns its WCAG 2.1 A/AA violations, readable in a failure. */
async function axeViolations(page: Page): Promise<string[]> {
  // Animations (drawer, dialog, snackbars) finished: axe judges colours as drawn.
  await waitForAnimationsToEnd(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: AxeViolation[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, WCAG_21_AA);
  return violations.map(
    (v) =>
      `${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
}

/** What axe found on every screen a test visited: the test asserts it is empty at its end. */
let found: string[] = [];
beforeEach(() => {
  found = [];
});
afterEach(() => {
  expect(found).toEqual([]);
});

/** Checks the page at the desktop size and at a phone's, with a picture of each. */
async function expectAccessible(page: Page, name: string, sizes = [DESKTOP, PHONE]): Promise<void> {
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await waitForResizeSettled(page);
    await waitForAnimationsToEnd(page);
    await picture(page, `${name}-${size.width}`);
    found.push(...(await axeViolations(page)).map((v) => `[${name} @${size.width}] ${v}`));
  }
  if (original) {
    await page.setViewportSize(original);
    // The layout switches back in script (antd's breakpoints) and the quick search is mounted again: a key
    // pressed before then can land on the phone's box as it goes, and the search never starts.
    await waitForResizeSettled(page);
  }
}

/** The advanced search dialog at one width, opened from the search panel and closed again with Escape. */
async function expectAccessibleAdvancedDialog(page: Page, size: typeof DESKTOP): Promise<void> {
  await page.getByRole('button', { name: 'Advanced search' }).click();
  await page.getByRole('dialog').waitFor();
  await expectAccessible(page, 'advanced-dialog', [size]);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** The print dialog at one width, with the print frame on the map (left open: the test ends there). */
async function expectAccessiblePrintDialog(page: Page, size: typeof DESKTOP): Promise<void> {
  await page.getByRole('button', { name: 'Print the map to scale (PDF)' }).click();
  await page.getByRole('dialog', { name: 'Print the map' }).waitFor();
  await expectAccessible(page, 'print-dialog', [size]);
}

/** A new account signed in on the login screen, landing on the map (or on `landing`, without drawing the map). */
async function signIn(page: Page, name: string, roles?: string, landing?: string): Promise<string> {
  const username = `${name.toLowerCase()}-${Date.now()}@example.ch`;
  await usersCli([
    'create',
    username,
    '--password',
    PASSWORD,
    '--name',
    name,
    ...(roles ? ['--roles', roles] : []),
  ]);
  await page.goto(loginUrlLandingOn(landing ?? '/'));
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await waitForLanding(page, landing ?? '/');
  if (!landing) await page.getByRole('searchbox', { name: 'Quick search' }).waitFor();
  return username;
}

/** How long the parcel drawer's slide takes (antd's motion token), e.g. '0.3s'. */
function drawerTransition(page: Page): Promise<string> {
  return page
    .locator('.ant-drawer-content-wrapper')
    .evaluate((wrapper) => getComputedStyle(wrapper).transitionDuration);
}

/** Waits until the parcel drawer has slid fully into the viewport; returns its box. */
async function drawerInView(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  await page.getByTestId('parcel-action-bar').waitFor();
  await page.waitForFunction(() => {
    const wrapper = document.querySelector('.ant-drawer-content-wrapper');
    if (!wrapper) return false;
    const box = wrapper.getBoundingClientRect();
    return box.left >= 0 && Math.round(box.right) <= window.innerWidth && box.width > 0;
  });
  return (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
}

describe('accessibility: axe-core finds no WCAG 2.1 A/AA violation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('on the public screens: login, register, activation, plans, checkout', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).waitFor();
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expectAccessible(page, 'login-forgot', [DESKTOP]);

    await page.goto('/register');
    const email = `anna.${Date.now()}@example.ch`;
    await page.getByLabel('E-mail').fill(email);
    await expectAccessible(page, 'register');
    const since = Date.now();
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Check your email for verification link').waitFor();
    await expectAccessible(page, 'register-sent', [DESKTOP]);

    await page.goto(linkIn(await waitForMail(email, since), '/register/activate/'));
    await page.getByText('Email verification successful').waitFor();
    await expectAccessible(page, 'activation');
    // The form's error and strength states.
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectAccessible(page, 'activation-errors', [DESKTOP]);

    await page.goto('/plans');
    await page.getByRole('button', { name: 'Select Plan' }).first().waitFor();
    await expectAccessible(page, 'plans');
    await page.goto('/checkout/standard');
    await page.getByText('Standard Plan').first().waitFor();
    await expectAccessible(page, 'checkout');
    await context.close();
  });

  it('on the map: results, drawer, advanced dialog, layer panel with legend, plan dialog, print dialog', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'Axel');
    // At the desktop's width here; the phone's width of these screens is the phone test's (one page, no map
    // drawn at another size and back for each).
    await expectAccessible(page, 'map-empty', [DESKTOP]);
    await quickSearch(page, 'Baar');
    await expectAccessible(page, 'map-results', [DESKTOP]);

    await page.getByTestId('result-card-open').first().click();
    // The context asks for reduced motion (WCAG 2.3.3): the drawer appears without sliding in (0.3 s otherwise).
    await page.getByTestId('parcel-action-bar').waitFor();
    expect(await drawerTransition(page)).toBe('0s');
    const drawer = await drawerInView(page);
    // The Layers button and the zoom/compass controls stay left of the open drawer.
    for (const control of [
      page.getByTestId('layer-panel-toggle'),
      page.locator('.maplibregl-ctrl-zoom-in'),
      page.locator('.maplibregl-ctrl-compass'),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(drawer.x);
    }
    await expectAccessible(page, 'map-drawer', [DESKTOP]);
    await page.getByRole('button', { name: 'Close parcel details' }).click();

    await expectAccessibleAdvancedDialog(page, DESKTOP);

    await page.getByTestId('layer-panel-toggle').click();
    const panel = page.getByTestId('layer-panel');
    await panel.waitFor();
    await panel.getByRole('switch', { name: 'Radon' }).click();
    await panel.getByTestId('layer-legend-radon').waitFor();
    await expectAccessible(page, 'layer-panel-legend', [DESKTOP]);
    await page.getByTestId('layer-panel-toggle').click();

    await page.getByTestId('plan-button').click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'plan-dialog', [DESKTOP]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await expectAccessiblePrintDialog(page, DESKTOP);
    await context.close();
    // Five screens, each checked by axe at several widths: longer than one screen's test on a busy machine.
  }, 300_000);

  it('on the phone: empty map, results sheet, full-screen parcel detail, advanced dialog, print dialog', async () => {
    const context = await a11yContext(browser, PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'Pia');
    // No change of size here to wait on: the picture shows the map drawn, as the desktop's does.
    await waitForMapIdle(page);
    await expectAccessible(page, 'map-empty', [PHONE]);
    await quickSearch(page, 'Baar');
    await expectAccessible(page, 'phone-results', [PHONE]);
    await page.getByTestId('result-card-open').first().click();
    // The context asks for reduced motion (WCAG 2.3.3): the drawer appears without sliding in (0.3 s otherwise).
    await page.getByTestId('parcel-action-bar').waitFor();
    expect(await drawerTransition(page)).toBe('0s');
    const drawer = await drawerInView(page);
    // The detail's title and close button in view, no results sheet showing through.
    expect(drawer.y).toBeGreaterThanOrEqual(0);
    const close = (await page.getByRole('button', { name: 'Close parcel details' }).boundingBox())!;
    expect(close.y).toBeGreaterThanOrEqual(drawer.y);
    expect(close.y + close.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.getByTestId('bottom-sheet').count()).toBe(0);
    await expectAccessible(page, 'phone-drawer', [PHONE]);
    await page.getByRole('button', { name: 'Close parcel details' }).click();

    await expectAccessibleAdvancedDialog(page, PHONE);

    await expectAccessiblePrintDialog(page, PHONE);
    await context.close();
  }, 300_000);

  it('on settings (every tab of an admin) and notifications', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'Ida', 'ADMIN', '/settings?tab=profile');
    for (const tab of ['profile', 'sites', 'signature', 'users', 'coupons']) {
      await page.goto(`/settings?tab=${tab}`);
      await page.getByRole('tab', { selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `settings-${tab}`, tab === 'profile' ? [DESKTOP, PHONE] : [DESKTOP]);
    }
    await page.goto('/notifications');
    await page.getByRole('switch').first().waitFor();
    await expectAccessible(page, 'notifications');
    await context.close();
  });

  it('keyboard only: from the search box to a parcel’s PDF report', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'Kurt');
    /** Presses Tab until the focused element matches the selector, at most `limit` times. */
    const tabTo = async (selector: string, limit = 80): Promise<void> => {
      const passed: string[] = [];
      for (let i = 0; i < limit; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(
          (wanted) => ({
            hit: document.activeElement?.matches(wanted) ?? false,
            what: document.activeElement?.outerHTML.slice(0, 80) ?? 'none',
          }),
          selector,
        );
        if (focused.hit) return;
        passed.push(focused.what);
      }
      throw new Error(`Tab never reached ${selector}; it went through:\n${passed.join('\n')}`);
    };
    await tabTo('input[aria-label="Quick search"]');
    await page.keyboard.type('Baar');
    await page.keyboard.press('Enter');
    await page.getByText(/^Found [\d,]+ results?$/).waitFor();
    await tabTo('[data-testid="result-card-open"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('parcel-action-bar').waitFor();
    await tabTo('[data-testid="report-action-pdf"]');
    const pdf = page
      .context()
      .waitForEvent('response', (response) => response.url().includes('/v1/secure/reports/pdf?'));
    await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    expect((await pdf).status()).toBe(200);
    expect((await pdf).headers()['content-type']).toBe('application/pdf');
    await context.close();
  });
});
