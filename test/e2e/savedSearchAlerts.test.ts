/**
 * The saved-search loop in a real browser against the real server: Anna saves a search with an alert at
 * once; an administrator imports a cadastre file that adds a parcel matching it; the alert arrives in the
 * app (the avatar's counter and the notifications screen), as a web push decrypted by the local push
 * receiver, and as a mail in the SMTP receiver; the mail's link opens the parcel. The imported parcel lies in Bern, a canton the test dataset has none of, so the
 * import changes no parcel the other browser tests look at.
 */
import type { Browser } from 'playwright-core';
import { geoJson, square } from '../helpers/cadastreFiles';
import { decryptPush, startPushReceiver, type PushReceiver } from '../server/helpers/pushReceiver';
import { replacePushService } from './pushService';
import {
  cspViolations,
  launchBrowser,
  linkIn,
  newPage,
  saveScreenshot,
  usersCli,
  waitForMail,
  logIn,
  TEST_WITH_IMPORT_TIMEOUT_MS,
  uploadCadastre,
  createAdmin,
} from './harness';

const PASSWORD = 'Suche#Bern2026';
const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const unique = (name: string) => `${name}.${run}@example.ch`;
/** An EGRID no dataset has before the import: the search for it matches nothing until then. */
const EGRID = `CH0351${String(run).slice(-8).padStart(8, '0')}`;

describe('saved search with an alert at once', () => {
  let browser: Browser;
  let receiver: PushReceiver;
  beforeAll(async () => {
    browser = await launchBrowser({ webPush: true });
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await browser.close();
    await receiver.close();
  });

  it(
    'an import that adds a matching parcel alerts in the app, by push and by mail; the link opens the parcel',
    async () => {
      const anna = unique('anna');
      const admin = unique('admin');
      await usersCli(['create', anna, '--password', PASSWORD, '--name', 'Anna Aebi']);
      await createAdmin(admin, PASSWORD);

      const page = await newPage(browser, { permissions: ['notifications'] });
      const device = receiver.newBrowser();
      await replacePushService(page, device);
      // Push notifications on for this device (Notifications screen), as a user would switch them on.
      await logIn(page, anna, PASSWORD, '/notifications');
      await page.getByRole('status').filter({ hasText: 'Not subscribed on this device' }).waitFor();
      await page.getByRole('switch', { name: 'Enable Push Notifications' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'You will receive Push Notifications on this device' })
        .waitFor();
      await page.goto('/');
      const quick = page.getByRole('searchbox', { name: 'Quick search' });
      await quick.fill(EGRID);
      await quick.press('Enter');

      await page.getByTestId('saved-searches-toggle').click();
      // The pointer leaves the toolbar, whose tooltip would lie over the panel.
      await page.mouse.move(1000, 600);
      await page
        .locator('.ant-tooltip:not(.ant-tooltip-hidden)')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      const panel = page.getByTestId('saved-searches-panel');
      await panel.getByLabel('Name of the search').fill('Neue Parzelle Bern');
      await panel.getByRole('combobox', { name: 'Alerts' }).click();
      await page.locator('.ant-select-item-option[title="At once"]').click();
      await panel.getByRole('button', { name: 'Save search' }).click();
      await page.getByText('Search “Neue Parzelle Bern” saved').waitFor();
      await panel.getByTestId('saved-search').getByText('Neue Parzelle Bern').waitFor();
      await saveScreenshot(page, 'saved-searches-panel');

      // The administrator imports a file with the parcel (Bern, LV95).
      const since = Date.now();
      const adminPage = await newPage(browser);
      const file = geoJson(
        [{ properties: { egrid: EGRID, nr: '4711' }, polygons: [[square(2_600_100, 1_199_700, 30)]] }],
        'EPSG:2056',
      );
      const pushed = receiver.next(new URL(device.subscription.endpoint).pathname);
      const upload = await uploadCadastre(adminPage, admin, PASSWORD, {
        mapping: JSON.stringify({ egrid: 'egrid', number: 'nr' }),
        file: { name: 'bern.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(file) },
      });
      expect({ status: upload.status(), body: await upload.text() }).toMatchObject({ status: 200 });

      // In the app: the avatar counts it, the notifications screen lists it.
      await page
        .getByRole('button', { name: 'Account menu (1 new notification)' })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Account menu (1 new notification)' }).click();
      await page.getByRole('menuitem', { name: /Notifications/ }).click();
      await page.waitForURL((url) => url.pathname === '/notifications');
      const list = page.getByTestId('recent-notifications');
      await list.getByText('New parcels for “Neue Parzelle Bern”').waitFor();
      await list.getByText('1 new parcel matches your saved search, e.g. 4711,', { exact: false }).waitFor();
      await saveScreenshot(page, 'saved-search-alert-notifications');

      // By web push, encrypted for this device: the same words and the parcel's link.
      expect(JSON.parse(decryptPush(device, await pushed))).toMatchObject({
        kind: 'saved-search',
        title: 'New parcels for “Neue Parzelle Bern”',
        url: `/?parcel=${EGRID}`,
      });

      // By mail, with the parcel's link and the unsubscribe link; the parcel link opens the parcel.
      const mail = await waitForMail(anna, since);
      expect(mail.text).toContain('This parcel now matches your saved search');
      expect(mail.text).toContain('/v1/secure/saved-searches/unsubscribe?');
      await page.goto(linkIn(mail, '/?parcel='));
      const drawer = page.getByTestId('parcel-drawer');
      await drawer.getByText('4711', { exact: false }).first().waitFor({ timeout: 20_000 });
      // The page stays at the phone's width for the saved searches there (loaded afresh from the server after
      // the link's page load): a page of its own would sign in and draw a first map for nothing.
      await saveScreenshot(page, 'saved-search-alert-parcel', { lastLook: true });

      await drawer.getByRole('button', { name: 'Close parcel details' }).click();
      await page.getByTestId('saved-searches-toggle').click();
      await page.mouse.move(300, 600);
      await page.getByTestId('saved-searches-panel').getByTestId('saved-search').first().waitFor();
      // The panel slides in: the picture once it has arrived.
      await page.waitForFunction(() => {
        const panel = document.querySelector('[data-testid="saved-searches-panel"]');
        const box = (panel?.closest('.ant-drawer-content-wrapper') ?? panel)?.getBoundingClientRect();
        return box !== undefined && box.left >= 0 && box.width > 300;
      });
      await saveScreenshot(page, 'saved-searches-panel-390', { lastLook: true });
      expect(cspViolations(page)).toEqual([]);
    },
    TEST_WITH_IMPORT_TIMEOUT_MS,
  );
});
