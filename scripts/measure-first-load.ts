// What a browser really downloads on a first visit (ADR 008's targets: /login ≤ 200 KB, a cold map route
// ≤ 800 KB), measured in headless Chromium (Debian's /usr/bin/chromium through playwright-core) with an
// empty cache: every response of the page's own origin (document, JS, CSS, config, translations, map
// styles, sprites, fonts, base-map and parcel tiles), counted as transferred — compressed body plus headers,
// as the server sent it for the Accept-Encoding Chromium asked with. `npm run bench` runs it against its own
// server; by hand, start a server and:
//   npx tsx scripts/measure-first-load.ts http://localhost:8080 [username password]
// Without a user it measures /login only (the map routes need a signed-in map user).
import http from 'node:http';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL through SwiftShader: the map draws, so it asks for the tiles of its start view.
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export const LOGIN_BUDGET_KB = 200;
export const MAP_ROUTE_BUDGET_KB = 800;

export interface LoadedFile {
  path: string;
  type: string;
  bytes: number;
  encoding: string;
}

export interface FirstLoad {
  /** Bytes transferred from the page's origin (bodies as sent, plus response headers). */
  bytes: number;
  files: LoadedFile[];
  /** Requests to other origins (satellite, terrain): not counted, and not reachable on every machine. */
  otherOrigins: number;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The body's size as the server sends it for this Accept-Encoding (no decoding). */
function rawBodySize(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () => resolve(size));
      })
      .on('error', reject);
  });
}

/** Records the finished same-origin requests of `page` until `done` resolves. */
async function recordLoad(page: Page, origin: string, done: () => Promise<void>): Promise<FirstLoad> {
  const pending: Promise<LoadedFile | null>[] = [];
  let otherOrigins = 0;
  const record = async (request: Request): Promise<LoadedFile | null> => {
    const url = new URL(request.url());
    if (url.origin !== origin) {
      otherOrigins++;
      return null;
    }
    const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
    let body = sizes.responseBodySize;
    // Chromium reports no body size for what a worker fetched (the map engine's worker script): ask the
    // server for the same file with the same Accept-Encoding and count what it sends.
    if (body === 0 && response?.status() === 200 && request.method() === 'GET')
      body = await rawBodySize(url.href, (await request.headerValue('accept-encoding')) ?? '');
    return {
      path: url.pathname + url.search,
      type: request.resourceType(),
      bytes: body + sizes.responseHeadersSize,
      encoding: (await response?.headerValue('content-encoding')) ?? 'none',
    };
  };
  // A request that finishes while its context closes cannot be asked for its sizes any more: it is left
  // out rather than left as a rejection nobody handles (which ended the benchmark once, server running).
  const onFinished = (request: Request) => pending.push(record(request).catch(() => null));
  page.on('requestfinished', onFinished);
  await done();
  page.off('requestfinished', onFinished);
  const files = (await Promise.all(pending))
    .filter((file): file is LoadedFile => file !== null)
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), files, otherOrigins };
}

async function settle(page: Page): Promise<void> {
  // Late requests (lazy chunks, tiles) end in a quiet network; a map that never goes quiet is cut off.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
}

async function measureLogin(browser: Browser, origin: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await recordLoad(page, origin, async () => {
      await page.goto(`${origin}/login`);
      await page.locator('input[autocomplete="current-password"]').waitFor();
      await settle(page);
    });
  } finally {
    await context.close();
  }
}

/**
 * Signs in on the login screen, then opens the map route in a NEW context with only the session copied
 * over (localStorage): every file and tile comes from the server again, as on a first visit to the map.
 */
async function measureMapRoute(
  browser: Browser,
  origin: string,
  user: { username: string; password: string },
): Promise<FirstLoad> {
  const login = await browser.newContext();
  let storage: Awaited<ReturnType<typeof login.storageState>>;
  try {
    const page = await login.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    storage = await login.storageState();
  } finally {
    await login.close();
  }
  const context = await browser.newContext({ storageState: storage });
  try {
    const page = await context.newPage();
    return await recordLoad(page, origin, async () => {
      await page.goto(`${origin}/`);
      await page
        .locator('[data-testid="map"][data-map-idle="true"]')
        .waitFor({ timeout: 60_000 })
        .catch(() => undefined);
      await settle(page);
    });
  } finally {
    await context.close();
  }
}

/** /login, and the map route when a map user is given; prints each with its files. */
export async function measureFirstLoad(
  origin: string,
  user?: { username: string; password: string },
  { verbose = false } = {},
): Promise<{ login: FirstLoad; map?: FirstLoad }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const login = await measureLogin(browser, origin);
    const map = user ? await measureMapRoute(browser, origin, user) : undefined;
    const print = (name: string, load: FirstLoad, budget: number) => {
      console.log(
        `first load ${name}: ${kb(load.bytes)} KB transferred in ${load.files.length} requests ` +
          `(target ≤ ${budget} KB${load.otherOrigins ? `; ${load.otherOrigins} requests to other origins not counted` : ''})`,
      );
      const shown = verbose ? load.files : load.files.slice(0, 6);
      for (const file of shown)
        console.log(
          `  ${kb(file.bytes).padStart(7)} KB  ${file.encoding.padEnd(4)}  ${file.type.padEnd(10)} ${file.path.slice(0, 90)}`,
        );
      if (shown.length < load.files.length)
        console.log(`  … and ${load.files.length - shown.length} smaller`);
    };
    print('/login', login, LOGIN_BUDGET_KB);
    if (map) print('of the map route (signed in, cold cache)', map, MAP_ROUTE_BUDGET_KB);
    return { login, map };
  } finally {
    await browser.close();
  }
}

if (process.argv[1]?.endsWith('measure-first-load.ts')) {
  const [origin = 'http://localhost:8080', username, password] = process.argv.slice(2);
  measureFirstLoad(origin, username && password ? { username, password } : undefined, {
    verbose: true,
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
