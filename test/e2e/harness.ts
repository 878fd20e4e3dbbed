import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type APIResponse,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import {
  CHROMIUM_BROWSER,
  CHROMIUM_HEADLESS_SHELL,
  e2eStateFile,
  environmentOf,
  type E2eRun,
  type E2eState,
} from './e2eState';
import type { UsersCommandRequest } from './usersCommandServer';
import { loginPathReturningTo } from '../../src/features/auth/returnPath';
import { ROUTE_PATHS } from '../../src/routing/routePaths';

/**
 * Helpers for the end-to-end tests: the real server that globalSetup started for this jest worker (with a
 * real SMTP receiver), Debian's Chromium driven by playwright-core, and the mails the server sent.
 */
export function e2eState(): E2eState {
  return environmentOf(JSON.parse(fs.readFileSync(e2eStateFile(), 'utf8')) as E2eRun);
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  // The page's layers composited in software rather than through SwiftShader's GL: the WebGL map still draws
  // through SwiftShader, but the GPU process spends about a third less CPU (mapview in band: 60 → 40 CPU-s),
  // and on two cores the browser tests are CPU-bound (ADR 069).
  '--disable-gpu-compositing',
  // Baseline code only (Sparkplug): a test's page lives seconds, and V8's optimising compilers (Maglev,
  // TurboFan) spent that time on the renderer's thread pool compiling code that was done before it paid back.
  // The browser tests on two workers: 11–17 % less CPU (ADR 082). The app's behaviour is the same in every tier.
  '--js-flags=--max-opt=1',
];

export interface LaunchOptions {
  /** The test needs notifications and Web Push (a service worker's push subscription): the whole browser. */
  webPush?: boolean;
}

export async function launchBrowser({ webPush = false }: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: webPush ? CHROMIUM_BROWSER : CHROMIUM_HEADLESS_SHELL,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

const violations = new WeakMap<Page, string[]>();

/** What the page's Content-Security-Policy refused so far (Chromium reports each on the console). */
export function cspViolations(page: Page): string[] {
  return violations.get(page) ?? [];
}

/**
 * What the tests' browser contexts start with: the system setting "reduce motion", which the app honours (antd
 * without its motion, the map jumping where it would fly). In the tests' software WebGL every frame of a flight
 * costs a tenth of a second of CPU, and the tests look at where the map lands (ADR 075). A test of a flight
 * passes `reducedMotion: 'no-preference'`.
 */
export const TEST_CONTEXT_DEFAULTS: BrowserContextOptions = { reducedMotion: 'reduce' };

/** The desktop's viewport a new page opens at (`newPage`), and the one a test goes back to after the phone's. */
export const DESKTOP_VIEWPORT = { width: 1400, height: 900 };

/**
 * A fresh browser context (empty localStorage) and page whose relative URLs go to the test server;
 * `options` adds to the context's (e.g. `permissions: ['notifications']`).
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    ...TEST_CONTEXT_DEFAULTS,
    baseURL: e2eState().baseUrl,
    viewport: DESKTOP_VIEWPORT,
    ...options,
  });
  const page = await context.newPage();
  const refused: string[] = [];
  violations.set(page, refused);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  page.setDefaultTimeout(20_000);
  return page;
}

/**
 * Types `text` into the quick search, presses Enter and waits for the server's answer to this search, then for
 * the result count. Waiting for the count alone is not enough after an earlier search on the page: its
 * "Found …" line is still on screen, and a wait that starts from it can run out on a loaded machine before this
 * search has even been answered (or moved the map). Only for a search the page has not made before: a repeated
 * one is answered from the page's cache, with no request to wait for.
 */
export async function quickSearch(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Quick search' });
  await box.fill(text);
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith('/maps/search') && url.searchParams.get('searchQuery') === text;
  });
  await box.press('Enter');
  await answered;
  await page.getByText(/^Found [\d,]+ results?$/).waitFor();
}

/** A phone's viewport: every screenshot is also taken at this width. */
const PHONE_VIEWPORT = { width: 390, height: 844 };

/** A map in software WebGL (3D terrain) on a loaded machine can take longer than the page's wait to paint. */
const SCREENSHOT_TIMEOUT_MS = 60_000;

/**
 * Waits until the map has drawn everything it asked for (MapController marks its container on `idle`):
 * before clicks that must find drawn parcels, counts of drawn features, and screenshots.
 */
export async function waitForMapIdle(page: Page): Promise<void> {
  await page.locator('[data-testid="map"][data-map-idle="true"]').waitFor({ timeout: 60_000 });
}

/** `lastLook`: the test does nothing more with the page, so the desktop size is not put back and drawn again. */
export interface ScreenshotOptions {
  lastLook?: boolean;
}

/**
 * Saves screenshots under test-results/ (kept as an artifact of the run): `<name>.png` at the page's desktop
 * size and `<name>-390.png` at a phone's width, then restores the desktop size and waits until the page has
 * taken it and drawn it (unless `lastLook`: a map drawn again at the desktop size costs seconds of software
 * WebGL that nothing would look at).
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { lastLook = false }: ScreenshotOptions = {},
): Promise<string> {
  const file = path.resolve('test-results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, timeout: SCREENSHOT_TIMEOUT_MS });
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE_VIEWPORT);
  await waitForResizeSettled(page);
  await page.screenshot({
    path: path.resolve('test-results', `${name}-390.png`),
    timeout: SCREENSHOT_TIMEOUT_MS,
  });
  if (desktop && !lastLook) {
    await page.setViewportSize(desktop);
    await waitForResizeSettled(page);
  }
  return file;
}

/**
 * After a change of the viewport: waits for two frames (layout, resize observers and media-query listeners
 * have run) and, where a map is shown, until it has taken the new size (its canvas matches its container; the
 * resize itself starts a move, so the idle mark is cleared in the same step) and drawn it (`idle`). A real
 * condition rather than a fixed pause: as short as the machine allows, as long as it needs.
 */
export async function waitForResizeSettled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(
    () => {
      const map = document.querySelector<HTMLElement>('[data-testid="map"]');
      const canvas = map?.querySelector<HTMLCanvasElement>('canvas.maplibregl-canvas');
      if (!map || !canvas || map.clientWidth === 0 || map.clientHeight === 0) return true;
      return (
        canvas.clientWidth === map.clientWidth &&
        canvas.clientHeight === map.clientHeight &&
        map.getAttribute('data-map-idle') === 'true'
      );
    },
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * Waits until the page's finite CSS animations and transitions (antd's drawers, dialogs, popovers) have ended:
 * two frames first, since antd's motion starts its classes a frame after the change, then every running one's
 * `finished`, until none is left. Endless ones (spinners) are not waited for.
 */
export async function waitForAnimationsToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      await frames();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

export interface ReceivedMail {
  file: string;
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone (enough to read links and text). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` (case-insensitive) that arrived after `since` (ms epoch). */
export async function waitForMail(to: string, since: number, timeoutMs = 20_000): Promise<ReceivedMail> {
  const { mailDir } = e2eState();
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase();
  while (Date.now() < deadline) {
    const files = fs
      .readdirSync(mailDir)
      .filter((name) => Number(name.split('-')[0]) >= since)
      .sort();
    for (const name of files) {
      const file = path.join(mailDir, name);
      const raw = fs.readFileSync(file, 'utf8');
      const header = raw.split(/\r?\n\r?\n/)[0].toLowerCase();
      if (header.includes(wanted)) return { file, raw, text: decodeQuotedPrintable(raw) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The first link in a mail whose path starts with pathPrefix (e.g. '/register/activate/'). */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const { baseUrl } = e2eState();
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"'<>]+${escaped}[^\\s"'<>]*`).exec(mail.text);
  if (!match) throw new Error(`No ${pathPrefix} link in ${mail.file}`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return new URL(url.pathname + url.search, baseUrl).toString();
}

/**
 * Runs a command of the user administration CLI (`npm run users -- …`) on the test server's data directory:
 * the CLI's own commands (scripts/usersCommands.ts), in the long-lived process globalSetup started for this
 * server, so an account costs a request rather than a new `node --import tsx` process.
 */
export async function usersCli(args: string[]): Promise<string> {
  const response = await fetch(e2eState().usersUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args } satisfies UsersCommandRequest),
  });
  const output = await response.text();
  if (!response.ok) throw new Error(`users ${args.join(' ')} failed: ${output}`);
  return output;
}

/** A new MAPUSER account made with the users CLI (new accounts get the trial quotas); returns its username. */
export async function newMapUser(name: string, password: string): Promise<string> {
  const username = `${name.toLowerCase()}-${Date.now()}@example.ch`;
  await usersCli(['create', username, '--password', password, '--name', name]);
  return username;
}

/** Makes an administrator (map user and admin roles) through the users command. */
export async function createAdmin(username: string, password: string, name = 'Ada Admin'): Promise<void> {
  await usersCli(['create', username, '--password', password, '--name', name, '--roles', 'MAPUSER,ADMIN']);
}

/** The main-server token of an account (the same calls the app makes at sign-in), for a test's own API calls. */
export async function mainToken(page: Page, username: string, password: string): Promise<string> {
  const login = await page.request.post('/api/user/login', { data: { username, password } });
  const { token: ssoToken } = (await login.json()) as { token: string };
  const authorize = await page.request.post('/v1/secure/user/authorize', {
    headers: { authorization: `Bearer ${ssoToken}` },
  });
  return ((await authorize.json()) as { token: string }).token;
}

/** The form fields of a cadastre upload (the file, and a mapping or register extract where a test has one). */
type CadastreUploadFields = NonNullable<NonNullable<Parameters<Page['request']['post']>[1]>['multipart']>;

const CADASTRE_IMPORT_TIMEOUT_MS = 120_000;

/** A test that uploads a cadastre: the import's wait (uploadCadastre) and two minutes for the rest. */
export const TEST_WITH_IMPORT_TIMEOUT_MS = CADASTRE_IMPORT_TIMEOUT_MS + 120_000;

/**
 * Uploads a cadastre file as the administrator `username` and waits for the import's answer. The import runs
 * on a background thread at a lower priority (ADR 067): with both cores kept busy by other processes even a
 * three-parcel file took over 30 s, so the wait is longer than a request's usual one.
 */
export async function uploadCadastre(
  page: Page,
  username: string,
  password: string,
  multipart: CadastreUploadFields,
): Promise<APIResponse> {
  const token = await mainToken(page, username, password);
  return page.request.post('/v1/secure/file-items/cadastre/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart,
    timeout: CADASTRE_IMPORT_TIMEOUT_MS,
  });
}

/**
 * Where a login that should land on `landing` starts: the login screen, with the app's own return path
 * (`/login?next=…`) unless it lands on the map. A test that starts on another screen (settings, notifications)
 * goes there without drawing the map first (in the tests' software WebGL the first map costs about 5 CPU-s).
 */
export function loginUrlLandingOn(landing: string): string {
  return landing === ROUTE_PATHS.mapview ? ROUTE_PATHS.login : loginPathReturningTo(landing);
}

/** Waits until a login has taken the page to `landing` (its path; the query is the screen's own business). */
export async function waitForLanding(page: Page, landing: string): Promise<void> {
  const { pathname } = new URL(landing, e2eState().baseUrl);
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Signs in through the login form and waits for `landing`: the map view unless a test starts elsewhere. */
export async function logIn(page: Page, username: string, password: string, landing = '/'): Promise<void> {
  await page.goto(loginUrlLandingOn(landing));
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await waitForLanding(page, landing);
}

/** A new map user made with the users CLI, signed in through the login form; lands on `landing` (the map). */
export async function signInAsNewUser(
  page: Page,
  name: string,
  password: string,
  landing = '/',
): Promise<void> {
  const username = `${name.split(' ')[0].toLowerCase()}-${Date.now()}@example.ch`;
  await usersCli(['create', username, '--password', password, '--name', name]);
  await logIn(page, username, password, landing);
}

/** The test payment provider's checkout for the Standard plan (50 report downloads). */
export async function subscribeToStandard(page: Page): Promise<void> {
  await subscribeToPlan(page, 'standard', 'Standard Plan', 'CHF 59.90');
}

/** The test payment provider's checkout for a plan of the catalogue, by its id, name and monthly price. */
export async function subscribeToPlan(page: Page, id: string, name: string, price: string): Promise<void> {
  await page.goto('/plans');
  await page.getByTestId(`plan-${id}`).getByRole('button', { name: 'Select Plan' }).click();
  await page.waitForURL(`**/checkout/${id}`);
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await checkout.and(page.locator(':enabled')).waitFor();
  await checkout.click();
  await page.waitForURL(/\/v1\/secure\/payment\/test-checkout\/cs_test_/);
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await page.getByText(`Thank you for subscribing to ${name}!`).waitFor();
}

/** Makes a list in the Lists panel, then closes the panel (it lies over the map's tools). */
export async function createList(page: Page, name: string): Promise<void> {
  await page.getByTestId('lists-toggle').click();
  const panel = page.getByTestId('lists-panel');
  await panel.getByPlaceholder('Name, e.g. Building land Zug').fill(name);
  await panel.getByRole('button', { name: 'Create list' }).click();
  await panel.getByText('No parcels yet.', { exact: false }).waitFor();
  await panel.getByRole('button', { name: 'Close lists' }).click();
  await panel.waitFor({ state: 'hidden' });
}
