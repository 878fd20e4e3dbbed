/**
 * A large search export in a real browser against the real server (ADR 040): more than 500
 * parcels are answered 202 at once, the progress arrives over the socket, and the finished GeoPackage is
 * downloaded from the notice and read back by GDAL's ogrinfo.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { BACKGROUND_EXPORT_ABOVE } from '../../src/contract/ExportJobs';
import { launchBrowser, newPage, saveScreenshot, subscribeToPlan, usersCli } from './harness';

const PASSWORD = 'Export#Zug2026';
/** The Premium plan's full views a month: the export must fit in them. */
const PREMIUM_FULL_VIEWS = 750;

describe('a background export in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('starts at once, shows the progress pushed over the socket, then downloads a GeoPackage ogrinfo reads', async () => {
    const page = await newPage(browser);
    // What the socket brings: the job's pushes, as the browser receives them.
    const pushed: { state: string; percent: number }[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (!text.includes('"export-job"')) return;
        const [, message] = JSON.parse(text.slice(text.indexOf('['))) as [
          string,
          { data: { state: string; percent: number } },
        ];
        pushed.push(message.data);
      }),
    );
    const username = `erika-${Date.now()}@example.ch`;
    await usersCli(['create', username, '--password', PASSWORD, '--name', 'Erika Export']);
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await subscribeToPlan(page, 'premium', 'Premium Plan', 'CHF 119.90');

    // A search of Zug with more than 500 parcels and no more than the plan's full views: the smallest
    // parcel size that leaves so many, found by bisection through the search API.
    const login = await page.request.post('/api/user/login', { data: { username, password: PASSWORD } });
    const { token: ssoToken } = (await login.json()) as { token: string };
    const authorize = await page.request.post('/v1/secure/user/authorize', {
      headers: { authorization: `Bearer ${ssoToken}` },
    });
    const { token } = (await authorize.json()) as { token: string };
    const totalFrom = async (from: number) => {
      const answer = await page.request.get(
        `/v1/secure/maps/advance-search?a=1&CANTON=ZG&PRC_SUR_from=${from}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      return ((await answer.json()) as { hits: { total: { value: number } } }).hits.total.value;
    };
    let [low, high] = [0, 50_000];
    let total = await totalFrom(low);
    while (total > PREMIUM_FULL_VIEWS || total <= BACKGROUND_EXPORT_ABOVE) {
      expect(high - low).toBeGreaterThan(1);
      const middle = Math.floor((low + high) / 2);
      total = await totalFrom(middle);
      if (total > PREMIUM_FULL_VIEWS) low = middle;
      else if (total <= BACKGROUND_EXPORT_ABOVE) high = middle;
      else low = middle;
    }
    await page.goto(`/?CANTON=ZG&PRC_SUR_from=${low}`);
    await page
      .getByTestId('result-count')
      .filter({ hasText: /^Found [\d,]+ results$/ })
      .waitFor();

    await page.getByTestId('search-export').click();
    await page.getByText('GeoPackage (LV95, EPSG:2056)').click();
    const notice = page.getByTestId('export-job');
    await notice.waitFor();
    await notice.and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    expect(pushed.some((event) => event.state === 'running' && event.percent > 0)).toBe(true);
    expect(pushed.at(-1)).toMatchObject({ state: 'done', percent: 100 });
    await notice.getByText(/is ready \([\d,]+ parcels\)\. The download is available until/).waitFor();
    await saveScreenshot(page, 'background-export-ready');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      notice.getByTestId('export-job-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^search-\d{4}-\d\d-\d\d\.gpkg$/);
    const file = path.resolve('test-results', 'background-export.gpkg');
    await download.saveAs(file);
    const info = spawnSync('ogrinfo', ['-so', file, 'parcels'], { encoding: 'utf8' });
    expect(info.status).toBe(0);
    const count = Number(/Feature Count: (\d+)/.exec(info.stdout)?.[1]);
    expect(count).toBeGreaterThan(BACKGROUND_EXPORT_ABOVE);
    expect(info.stdout).toMatch(/ID\["EPSG",2056\]|AUTHORITY\["EPSG","2056"\]/);
    await page.getByText(`Saved ${download.suggestedFilename()}`).waitFor();
    fs.rmSync(file, { force: true });
  }, 240_000);
});
