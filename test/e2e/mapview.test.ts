import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { SearchResponse, StreetItem } from '../../src/contract/Parcel';
import type { StoreSnapshot } from '../../src/features/support/snapshotFormat';
import {
  cspViolations,
  DESKTOP_VIEWPORT,
  launchBrowser,
  newMapUser,
  newPage,
  quickSearch,
  saveScreenshot,
  waitForAnimationsToEnd,
  waitForMapIdle,
} from './harness';

const PASSWORD = 'Atlas#2026mapview';
const DRAWER_CLOSE = 'Close parcel details';

/**
 * Logs in on the login screen (which lands on the map) and returns the main-server token for the
 * test's own API look-ups.
 */
async function signIn(page: Page, username: string): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const login = await page.request.post('/api/user/login', { data: { username, password: PASSWORD } });
  const { token: ssoToken } = (await login.json()) as { token: string };
  const authorize = await page.request.post('/v1/secure/user/authorize', {
    headers: { authorization: `Bearer ${ssoToken}` },
  });
  return ((await authorize.json()) as { token: string }).token;
}

describe('map view in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('quick-searches a real street, opens a card: the map flies there and the drawer shows its buildings', async () => {
    const page = await newPage(browser);
    const username = await newMapUser('Mara', PASSWORD);
    const mainToken = await signIn(page, username);
    const headers = { authorization: `Bearer ${mainToken}` };

    // A street that exists in the dataset, and which of its first results has buildings.
    const streets = (await (
      await page.request.get('/v1/secure/streets/?canton=ZG&q=&limit=250', { headers })
    ).json()) as StreetItem[];
    expect(streets.length).toBeGreaterThan(0);
    let street = '';
    let withBuildings = -1;
    for (const candidate of streets.slice(0, 40)) {
      const query = new URLSearchParams({ searchQuery: candidate.code, page: '1', size: '12' });
      const found = (await (
        await page.request.get(`/v1/secure/maps/search?${query}`, { headers })
      ).json()) as SearchResponse;
      withBuildings = found.hits.hits.findIndex((hit) => (hit._source.OBJ_COUNT ?? 0) > 0);
      if (withBuildings !== -1) {
        street = candidate.code;
        break;
      }
    }
    expect(street).not.toBe('');

    await waitForMapIdle(page);
    // Nothing searched yet: nothing to zoom in for.
    expect(await page.getByText('Zoom in for results').count()).toBe(0);
    await quickSearch(page, street);
    // The map lands on the street's parcels (ADR 023): they are drawn, no 'Zoom in for results'.
    await page.getByText(/^Showing \d+$/).waitFor({ timeout: 60_000 });
    await waitForMapIdle(page);
    expect(await page.getByText('Zoom in for results').count()).toBe(0);
    await saveScreenshot(page, 'mapview-landed-on-street');
    const cards = page.getByTestId('result-card');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('searchQuery')).toBe(street);

    await cards.nth(withBuildings).click();
    const drawer = page.getByTestId('parcel-drawer');
    await drawer.getByText(/^Buildings \([1-9]\d*\)$/).waitFor();
    expect(await drawer.getByTestId('building').count()).toBeGreaterThan(0);
    // The fly-to ends at zoom 17, where the panel switches from the red banner to 'Showing N'.
    await page.getByText(/^Showing \d+$/).waitFor({ timeout: 60_000 });
    await waitForMapIdle(page);
    // The demo dataset says so: a badge by the attribution, and the drawer's sections are marked.
    await page.getByTestId('demo-data-badge').waitFor();
    expect(await drawer.getByTestId('data-origin-synthetic').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'mapview-parcel-buildings');
    // The open drawer covers the badge (and the attribution); closed, the badge explains itself.
    await drawer.getByRole('button', { name: DRAWER_CLOSE }).click();
    await page.getByTestId('demo-data-badge').click();
    await page.getByTestId('demo-data-explanation').waitFor();
    // Let the popover's zoom-in animation finish before the picture.
    await waitForAnimationsToEnd(page);
    await saveScreenshot(page, 'mapview-demo-data');
    await page.getByTestId('demo-data-badge').click();
    await cards.nth(withBuildings).click();
    await drawer.getByText(/^Buildings \([1-9]\d*\)$/).waitFor();
    // The map (its worker, blob URLs, tiles) and antd's styles work under the CSP.
    expect(cspViolations(page)).toEqual([]);

    // Support snapshot (Ctrl+Alt+S): the screen's state as a file, without tokens or personal data.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Control+Alt+KeyS'),
    ]);
    const snapshot = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as StoreSnapshot;
    expect(download.suggestedFilename()).toMatch(/^parcel-atlas-snapshot-.*\.json$/);
    expect(new URLSearchParams(snapshot.url.split('?')[1]).get('searchQuery')).toBe(street);
    expect(snapshot.state.parcel.detailOpen).toBe(true);
    expect(snapshot.state.session.profile?.roles).toContain('MAPUSER');
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain('eyJ'); // no JWT
    expect(text).not.toContain(username);
  });

  it('advanced search by canton, municipality and size range; a reload keeps the search', async () => {
    const page = await newPage(browser);
    await signIn(page, await newMapUser('Nico', PASSWORD));
    await page.getByRole('button', { name: 'Advanced search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Search for Parcels').waitFor();
    await dialog.getByRole('combobox', { name: 'Municipality' }).and(page.locator(':disabled')).waitFor();

    // Type-to-find: the typed text goes to the canton lookup 450 ms later.
    const canton = dialog.getByRole('combobox', { name: 'Canton' });
    await canton.click();
    await canton.fill('ZG');
    await page.locator('.ant-select-item-option[title="ZG"]').click();
    const municipality = dialog.getByRole('combobox', { name: 'Municipality' });
    await municipality.and(page.locator(':enabled')).waitFor();
    await municipality.click();
    await municipality.fill('Zug');
    await page.locator('.ant-select-item-option[title="Zug"]').click();
    await dialog.getByLabel('Parcel size from (m²)').fill('300');
    await dialog.getByLabel('Parcel size to (m²)').fill('5000');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Search' }).click();

    const count = page.getByTestId('result-count');
    await count.filter({ hasText: /^Found [\d,]+ results?$/ }).waitFor();
    const found = await count.textContent();
    const url = new URL(page.url());
    expect(url.searchParams.get('CANTON')).toBe('ZG');
    expect(url.searchParams.getAll('LOCNAME')).toEqual(['Zug']);
    expect(url.searchParams.get('PRC_SUR_from')).toBe('300');
    expect(url.searchParams.get('PRC_SUR_to')).toBe('5000');
    await page.getByTestId('chip-LOCNAME').waitFor();
    await waitForMapIdle(page);
    // Not drawn again at the desktop's width before the reload, which draws it afresh at that width.
    await saveScreenshot(page, 'mapview-advanced-clusters', { lastLook: true });

    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.reload();
    await count.filter({ hasText: found ?? '' }).waitFor();
    await page.getByTestId('chip-CANTON').filter({ hasText: 'Canton: ZG' }).waitFor();
    await page.getByTestId('chip-PRC_SUR_from').filter({ hasText: 'Parcel size: 300 – 5000 m²' }).waitFor();
    // The filters exactly; the camera (the share link's `map`) is where the search left it,
    // zoomed to Zug since all hits lie there.
    const filtersOf = (address: string) => {
      const params = new URL(address).searchParams;
      params.delete('map');
      return params.toString();
    };
    expect(filtersOf(page.url())).toBe(filtersOf(url.toString()));
    expect(Number(new URL(page.url()).searchParams.get('map')?.split(',')[2])).toBeGreaterThan(9);
  });
});
