/**
 * Shared parcel lists in two real browsers against the real server: Anna creates a list shared with her
 * site and adds parcels from a result card and from the drawer; Beat, a colleague of the same site, sees
 * the list, and sees Anna's status change arrive live over the socket, without reloading.
 */
import type { Browser, Page } from 'playwright-core';
import type { StreetItem } from '../../src/contract/Parcel';
import {
  cspViolations,
  launchBrowser,
  logIn,
  newPage,
  quickSearch,
  saveScreenshot,
  usersCli,
} from './harness';

const PASSWORD = 'Liste#Zug2026';
const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const unique = (name: string) => `${name}.${run}@example.ch`;

const openLists = async (page: Page) => {
  await page.getByTestId('lists-toggle').click();
  await page.getByTestId('lists-panel').getByText('Lists', { exact: true }).waitFor();
};

describe('shared lists between two colleagues', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a list shared with the site: added parcels, and a status change that reaches the colleague live', async () => {
    const site = `zug-${run}`;
    const anna = unique('anna');
    const beat = unique('beat');
    await usersCli(['create', anna, '--password', PASSWORD, '--name', 'Anna Amstutz', '--sites', site]);
    await usersCli(['create', beat, '--password', PASSWORD, '--name', 'Beat Bürgi', '--sites', site]);

    const a = await newPage(browser);
    await logIn(a, anna, PASSWORD);
    const login = await a.request.post('/api/user/login', { data: { username: anna, password: PASSWORD } });
    const { token: ssoToken } = (await login.json()) as { token: string };
    const authorize = await a.request.post('/v1/secure/user/authorize', {
      headers: { authorization: `Bearer ${ssoToken}` },
    });
    const { token } = (await authorize.json()) as { token: string };
    const streets = (await (
      await a.request.get('/v1/secure/streets/?canton=ZG&q=&limit=250', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as StreetItem[];
    await quickSearch(a, streets[0].code);
    const cards = a.getByTestId('result-card');
    expect(await cards.count()).toBeGreaterThan(1);

    // Anna makes a list shared with her site.
    await openLists(a);
    const panel = a.getByTestId('lists-panel');
    await panel.getByPlaceholder('Name, e.g. Building land Zug').fill('Bauland Süd');
    await panel.getByRole('combobox', { name: 'Share with' }).click();
    await a.locator(`.ant-select-item-option[title="Shared with ${site}"]`).click();
    await panel.getByRole('button', { name: 'Create list' }).click();
    await panel.getByTestId('list-view').waitFor();
    await panel.getByText('No parcels yet.', { exact: false }).waitFor();

    // From a result card…
    const firstNumber = (await cards.nth(0).getByTestId('result-card-open').textContent())!.trim();
    await cards.nth(0).getByTestId('add-to-list').click();
    await a.getByRole('menuitem', { name: `Bauland Süd · ${site}` }).click();
    await a.getByText('Added to “Bauland Süd”').waitFor();
    await panel.getByTestId('list-item').first().waitFor();

    // …and from the drawer.
    await cards.nth(1).getByTestId('result-card-open').click();
    const drawer = a.getByTestId('parcel-drawer');
    await drawer.getByRole('button', { name: 'Add to list' }).click();
    await a.getByRole('menuitem', { name: `Bauland Süd · ${site}` }).click();
    await panel.getByTestId('list-item').nth(1).waitFor();

    // Beat, of the same site, sees the list and its two parcels.
    const b = await newPage(browser);
    await logIn(b, beat, PASSWORD);
    await openLists(b);
    const beatPanel = b.getByTestId('lists-panel');
    await beatPanel.getByRole('button', { name: 'Bauland Süd' }).click();
    await beatPanel.getByTestId('list-view').waitFor();
    await beatPanel.getByText('Anna Amstutz’s list, shared with', { exact: false }).waitFor();
    const beatItems = beatPanel.getByTestId('list-item');
    await beatItems.nth(1).waitFor();
    expect(await beatItems.count()).toBe(2);
    const firstOnBeat = beatPanel.locator(`[data-testid="list-item"]:has-text("${firstNumber}")`);
    expect(await firstOnBeat.getAttribute('data-status')).toBe('new');
    // Beat is told of the list's fact changes until he turns that off for himself.
    const beatAlerts = beatPanel.getByRole('switch', { name: 'Alert me when facts of these parcels change' });
    expect(await beatAlerts.getAttribute('aria-checked')).toBe('true');
    await beatAlerts.click();
    await beatPanel.locator('[data-testid="list-alerts"][aria-checked="false"]').waitFor();

    // Anna moves the first parcel to "Offer"; Beat's screen follows without a reload.
    const firstOnAnna = panel.locator(`[data-testid="list-item"]:has-text("${firstNumber}")`);
    await firstOnAnna.getByRole('combobox', { name: `Status of ${firstNumber}` }).click();
    await a.locator('.ant-select-item-option[title="Offer"]').click();
    await b.locator(`[data-testid="list-item"][data-status="offer"]:has-text("${firstNumber}")`).waitFor({
      timeout: 15_000,
    });
    await beatPanel.getByTestId('list-counts').getByText('Offer 1').waitFor();

    // Beat leaves a note; Anna sees it in the parcel's history.
    await firstOnBeat.getByRole('button', { name: `Notes and history of ${firstNumber}` }).click();
    await firstOnBeat
      .getByPlaceholder('Write a note for your colleagues')
      .fill('Eigentümerin ruft am Montag zurück');
    await firstOnBeat.getByRole('button', { name: 'Add note' }).click();
    await firstOnBeat.getByTestId('list-note').getByText('Eigentümerin ruft am Montag zurück').waitFor();
    await firstOnBeat.getByText('Anna Amstutz changed the status from New to Offer').waitFor();
    await saveScreenshot(b, 'lists-colleague-live-status');

    await firstOnAnna.getByRole('button', { name: `Notes and history of ${firstNumber}` }).click();
    await firstOnAnna.getByText('Eigentümerin ruft am Montag zurück').waitFor();
    await saveScreenshot(a, 'lists-owner-list-view', { lastLook: true });
    expect(cspViolations(a)).toEqual([]);
    expect(cspViolations(b)).toEqual([]);
  });
});
