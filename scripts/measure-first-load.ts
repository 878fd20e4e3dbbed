// Measures the first load of /login in a real browser, to check the figure `npm run build` prints
// (docs/adr/008-first-load-budget.md). Start the server first, then:
//   npx tsx scripts/measure-first-load.ts http://localhost:8080
// It loads /login in headless Chromium (Debian's /usr/bin/chromium through playwright-core), waits for the
// login form, and prints every JS and CSS response with its gzip size (level 9, as the build counts; the
// bodies are compressed here, whatever the server sent) and the total in KB of 1000 bytes.
import zlib from 'node:zlib';
import { chromium, type Response } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the page fetched as a script or a stylesheet, with the size the budget counts. */
interface LoadedFile {
  path: string;
  transferred: number;
  gzip: number;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function loadedFile(response: Response): Promise<LoadedFile> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    path: new URL(response.url()).pathname,
    transferred: sizes.responseBodySize,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
  };
}

async function main() {
  const origin = process.argv[2] ?? 'http://localhost:8080';
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const pending: Promise<LoadedFile>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') pending.push(loadedFile(response));
    });
    const started = Date.now();
    await page.goto(`${origin}/login`);
    // The login screen has rendered: its password field is there (and no lazy chunk is still on its way).
    await page.locator('input[autocomplete="current-password"]').waitFor();
    const renderedMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);

    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    const transferred = files.reduce((sum, file) => sum + file.transferred, 0);
    console.log(`First load (/login) in Chromium: ${kb(total)} KB gzip of JS+CSS in ${files.length} files`);
    console.log(`  (${kb(transferred)} KB as the server sent them; login form shown after ${renderedMs} ms)`);
    for (const file of files) console.log(`  ${kb(file.gzip).padStart(7)} KB  ${file.path}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
