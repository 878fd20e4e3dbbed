import type { Browser, Page } from 'playwright-core';
import type { PushSubscriptionsResponse } from '../../src/contract/PushNotifications';
import { decryptPush, startPushReceiver, type PushReceiver } from '../server/helpers/pushReceiver';
import { cspViolations, launchBrowser, logIn, newPage, saveScreenshot, newMapUser } from './harness';
import { replacePushService } from './pushService';

const PASSWORD = 'Atlas#2026notify';

/**
 * Logs in on the login screen, landing on the map (or on `landing`, without drawing the map), and returns the
 * main-server token for API look-ups.
 */
async function signIn(page: Page, username: string, landing = '/'): Promise<string> {
  await logIn(page, username, PASSWORD, landing);
  await page.waitForFunction(() =>
    (localStorage.getItem('persist:parcel-atlas.session') ?? '').includes('mainToken'),
  );
  const login = await page.request.post('/api/user/login', { data: { username, password: PASSWORD } });
  const { token: ssoToken } = (await login.json()) as { token: string };
  const authorize = await page.request.post('/v1/secure/user/authorize', {
    headers: { authorization: `Bearer ${ssoToken}` },
  });
  return ((await authorize.json()) as { token: string }).token;
}

/** Opens /notifications from the avatar menu's Notifications entry. */
async function openNotificationsFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: /Notifications/ }).click();
  await page.waitForURL((url) => url.pathname === '/notifications');
}

/** The script URL of the active service worker once it is ready. */
function activeServiceWorker(page: Page): Promise<string | undefined> {
  return page.evaluate(() =>
    navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
  );
}

describe('notifications in a real browser', () => {
  let chromium: Browser;
  let receiver: PushReceiver;
  beforeAll(async () => {
    chromium = await launchBrowser({ webPush: true });
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await chromium.close();
    await receiver.close();
  });

  it('permission granted: the service worker runs, the switch subscribes this device, and a test push arrives encrypted for it', async () => {
    const page = await newPage(chromium, { permissions: ['notifications'] });
    const testBrowser = receiver.newBrowser();
    await replacePushService(page, testBrowser);
    const username = await newMapUser('Nora', PASSWORD);
    const mainToken = await signIn(page, username);
    await openNotificationsFromMenu(page);

    expect(await activeServiceWorker(page)).toMatch(/\/sw\.js$/);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    const pushSwitch = page.getByRole('switch', { name: 'Enable Push Notifications' });
    await page.getByRole('status').filter({ hasText: 'Not subscribed on this device' }).waitFor();
    expect(await pushSwitch.getAttribute('aria-checked')).toBe('false');
    await expect(page.getByRole('button', { name: /Send test notification/ }).count()).resolves.toBe(0);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/v1/secure/settings/push-subscription') &&
        response.request().method() === 'POST',
    );
    await pushSwitch.click();
    expect((await saved).status()).toBe(200);
    await page
      .getByRole('status')
      .filter({ hasText: 'You will receive Push Notifications on this device' })
      .waitFor();
    expect(await pushSwitch.getAttribute('aria-checked')).toBe('true');
    const devices = (await (
      await page.request.get('/v1/secure/settings/push-subscription', {
        headers: { authorization: `Bearer ${mainToken}` },
      })
    ).json()) as PushSubscriptionsResponse;
    expect(devices.subscriptions.map((device) => device.endpoint)).toEqual([
      testBrowser.subscription.endpoint,
    ]);
    expect(devices.subscriptions[0].device).toContain('Chrome');

    // The test push: through the real server and web-push to the receiver, and in-app over the socket.
    const arrived = receiver.next(new URL(testBrowser.subscription.endpoint).pathname);
    await page.getByRole('button', { name: /Send test notification/ }).click();
    const push = await arrived;
    expect(JSON.parse(decryptPush(testBrowser, push))).toMatchObject({
      kind: 'test',
      title: 'Parcel Atlas',
      body: 'This is a test notification. Push notifications work on this device.',
    });
    await page.getByText('Test notification sent. It appears on this device in a moment.').waitFor();
    const list = page.getByTestId('recent-notifications');
    await list.getByText('This is a test notification. Push notifications work on this device.').waitFor();
    await saveScreenshot(page, 'notifications-subscribed');

    // Elsewhere in the app, a notification over the socket is counted on the avatar and its menu entry.
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();
    const sentFromElsewhere = await page.request.post('/v1/secure/settings/push-subscription/test', {
      headers: { authorization: `Bearer ${mainToken}` },
      data: { subscription: testBrowser.subscription, username },
    });
    expect(sentFromElsewhere.status()).toBe(200);
    await page.getByRole('button', { name: 'Account menu (1 new notification)' }).click();
    await page.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor();
    await saveScreenshot(page, 'notifications-badge');
    await page.getByRole('menuitem', { name: /Notifications/ }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await list.getByText('This is a test notification. Push notifications work on this device.').waitFor();
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();

    // Off again: the server forgets this device.
    await pushSwitch.click();
    await page.getByRole('status').filter({ hasText: 'Not subscribed on this device' }).waitFor();
    const after = (await (
      await page.request.get('/v1/secure/settings/push-subscription', {
        headers: { authorization: `Bearer ${mainToken}` },
      })
    ).json()) as PushSubscriptionsResponse;
    expect(after.subscriptions).toEqual([]);
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('permission denied in the browser: the switch reverts to off with the denied message, and nothing is stored', async () => {
    const page = await newPage(chromium);
    const username = await newMapUser('Dario', PASSWORD);
    const mainToken = await signIn(page, username, '/notifications');
    // Notifications blocked for the site, as a user does in the browser's settings.
    const cdp = await page.context().newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: new URL(page.url()).origin,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto('/notifications');
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    const pushSwitch = page.getByRole('switch', { name: 'Enable Push Notifications' });
    await page.getByRole('status').filter({ hasText: 'Not subscribed on this device' }).waitFor();
    await pushSwitch.click();
    await page
      .getByRole('status')
      .filter({
        hasText:
          'Error! Push notification is denied on this browser. Please enable push notifications and try again.',
      })
      .waitFor();
    expect(await pushSwitch.getAttribute('aria-checked')).toBe('false');
    await expect(page.getByRole('button', { name: /Send test notification/ }).count()).resolves.toBe(0);
    const devices = (await (
      await page.request.get('/v1/secure/settings/push-subscription', {
        headers: { authorization: `Bearer ${mainToken}` },
      })
    ).json()) as PushSubscriptionsResponse;
    expect(devices.subscriptions).toEqual([]);
    await saveScreenshot(page, 'notifications-denied', { lastLook: true });
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('permission not granted at the prompt (headless Chromium answers it): the access-denied message', async () => {
    const page = await newPage(chromium);
    await signIn(page, await newMapUser('Elio', PASSWORD));
    await openNotificationsFromMenu(page);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const pushSwitch = page.getByRole('switch', { name: 'Enable Push Notifications' });
    await page.getByRole('status').filter({ hasText: 'Not subscribed on this device' }).waitFor();
    await pushSwitch.click();
    await page
      .getByRole('status')
      .filter({
        hasText:
          'Error! Push Notifications access denied. Enable Push Notification in your browser and try again.',
      })
      .waitFor();
    expect(await pushSwitch.getAttribute('aria-checked')).toBe('false');
    await page.context().close();
  });
});
