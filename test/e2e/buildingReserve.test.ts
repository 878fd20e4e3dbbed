import type { Browser, Page } from 'playwright-core';
import {
  cspViolations,
  launchBrowser,
  newPage,
  saveScreenshot,
  usersCli,
  waitForAnimationsToEnd,
  waitForMapIdle,
} from './harness';

const PASSWORD = 'Atlas#2026reserve';

async function signIn(page: Page): Promise<void> {
  const username = `reserve-${Date.now()}@example.ch`;
  await usersCli(['create', username, '--password', PASSWORD, '--name', 'Rea Reserve']);
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The reserves the result cards show, in m² ("Reserve 1,234.00 m²"). */
async function cardReserves(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('result-card-reserve').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

describe('building reserve in a real browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await signIn(page);
  }, 120_000);
  afterAll(async () => {
    await browser.close();
  });

  it('filters by reserve in the advanced dialog, then sorts the results by reserve, largest first', async () => {
    await page.getByRole('button', { name: 'Advanced search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Search for Parcels').waitFor();
    const canton = dialog.getByRole('combobox', { name: 'Canton' });
    await canton.click();
    await canton.fill('ZG');
    await page.locator('.ant-select-item-option[title="ZG"]').click();
    await dialog.getByLabel('Building reserve from (m²)').fill('400');
    await dialog.getByLabel('Utilisation figure from').fill('0.4');
    await dialog.getByTestId('reserve-estimate-hint').waitFor();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Search' }).click();

    const count = page.getByTestId('result-count');
    await count.filter({ hasText: /^Found [\d,]+ results?$/ }).waitFor();
    await page.getByTestId('chip-POT_RES_from').filter({ hasText: 'Building reserve: ≥ 400 m²' }).waitFor();
    expect(new URL(page.url()).searchParams.get('POT_RES_from')).toBe('400');
    const filtered = await cardReserves(page);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((reserve) => reserve >= 400)).toBe(true);

    await page.getByTestId('result-sort').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Largest reserve first' }).click();
    await page.waitForURL((url) => url.searchParams.get('SORT') === 'reserve');
    await page.waitForFunction(() => {
      const values = [...document.querySelectorAll('[data-testid="result-card-reserve"]')].map((e) =>
        Number((e.textContent ?? '').replace(/[^\d.]/g, '')),
      );
      return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1] >= v);
    });
    const sorted = await cardReserves(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(sorted[0]).toBeGreaterThanOrEqual(Math.max(...filtered));
    await count.filter({ hasText: /^Found [\d,]+ results?$/ }).waitFor();
    await waitForMapIdle(page);
    await saveScreenshot(page, 'reserve-filter-sorted');

    // The best one's drawer shows the estimate with its inputs.
    await page.getByTestId('result-card').first().click();
    const facts = page.getByTestId('parcel-drawer').getByTestId('reserve-facts');
    await facts.waitFor();
    expect(Number((await facts.getByTestId('reserve-value').textContent())?.replace(/[^\d.]/g, ''))).toBe(
      sorted[0],
    );
    // The drawer slides in: the picture once it has arrived.
    await waitForAnimationsToEnd(page);
    await saveScreenshot(page, 'reserve-drawer');
    await page.getByRole('button', { name: 'Close parcel details' }).click();
  }, 180_000);

  it('draws the building-reserve layer over the parcels with its legend', async () => {
    await page.getByTestId('result-card').first().click();
    await page.getByTestId('parcel-drawer').getByTestId('reserve-facts').waitFor();
    await page.getByRole('button', { name: 'Close parcel details' }).click();
    await waitForMapIdle(page);
    await page.getByTestId('layer-panel-toggle').click();
    const panel = page.getByRole('region', { name: 'Map layers' });
    await panel.waitFor();
    await page.getByRole('switch', { name: 'Building reserve' }).click();
    await page
      .locator('[data-testid="map"][data-layers-drawn~="building-reserve"]')
      .waitFor({ timeout: 30_000 });
    await panel.getByTestId('layer-legend-building-reserve').waitFor();
    expect(await panel.getByTestId('layer-legend-building-reserve').getByRole('listitem').count()).toBe(6);
    const features = await page.waitForFunction(() => {
      const counts = document.querySelector('[data-testid="map"]')?.getAttribute('data-layer-features') ?? '';
      const entry = counts.split(' ').find((part) => part.startsWith('building-reserve:'));
      return entry ? Number(entry.split(':')[1]) || false : false;
    });
    expect(Number(await features.jsonValue())).toBeGreaterThan(0);
    await waitForMapIdle(page);
    await saveScreenshot(page, 'reserve-layer', { lastLook: true });
    expect(cspViolations(page)).toEqual([]);
  }, 180_000);
});
