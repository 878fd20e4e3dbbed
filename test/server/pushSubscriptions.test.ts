import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import webPush from 'web-push';
import { loadConfig, ConfigError, newVapidKeys } from '../../server/config';
import { SESSIONS_REVOKED } from '../../server/services/sessions/SessionService';
import type {
  BrowserPushSubscription,
  PushSubscriptionsResponse,
} from '../../src/contract/PushNotifications';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import {
  endpointPath,
  receiverTls,
  RECEIVER_ENV,
  startPushReceiver,
  type PushReceiver,
} from './helpers/pushReceiver';
import { PUSH_MESSAGES } from '../../server/services/push/NotificationService';

let t: TestApp;
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp(RECEIVER_ENV, { pushTls: receiverTls() });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const URL_ = '/v1/secure/settings/push-subscription';

function post(who: SignedIn, body: unknown, url = URL_, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...headers },
    payload: body as object,
  });
}

async function devicesOf(who: SignedIn) {
  const response = await t.app.inject({ method: 'GET', url: URL_, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json<PushSubscriptionsResponse>();
}

describe('GET/POST settings/push-subscription (spec §7): subscriptions per user and device', () => {
  it('GET answers the VAPID public key browsers subscribe with, and no devices at first', async () => {
    const anna = await signIn(t.app);
    const answer = await devicesOf(anna);
    expect(answer).toEqual({ publicKey: t.config.vapidPublicKey, subscriptions: [] });
    expect(Buffer.from(answer.publicKey, 'base64url')).toHaveLength(65);
  });

  it('subscribes each device of a user, and unsubscribes one with null and its endpoint', async () => {
    const anna = await signIn(t.app);
    const laptop = receiver.newBrowser().subscription;
    const phone = receiver.newBrowser().subscription;
    const saved = await post(anna, { subscription: laptop, username: anna.user.username }, URL_, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, subscribed: true });
    await post(anna, { subscription: phone, username: anna.user.username }, URL_, {
      'user-agent': 'Mozilla/5.0 (iPhone) Safari/605',
    });
    const both = await devicesOf(anna);
    expect(both.subscriptions.map((each) => [each.endpoint, each.device])).toEqual([
      [laptop.endpoint, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156'],
      [phone.endpoint, 'Mozilla/5.0 (iPhone) Safari/605'],
    ]);

    const removed = await post(anna, {
      subscription: null,
      endpoint: laptop.endpoint,
      username: anna.user.username,
    });
    expect(removed.json()).toEqual({ success: true, subscribed: false });
    expect((await devicesOf(anna)).subscriptions.map((each) => each.endpoint)).toEqual([phone.endpoint]);
    // Unsubscribing again changes nothing and is not an error (the browser may retry).
    expect(
      (await post(anna, { subscription: null, endpoint: laptop.endpoint, username: anna.user.username }))
        .statusCode,
    ).toBe(200);
  });

  it('subscribing the same browser again keeps one row, with the new keys', async () => {
    const anna = await signIn(t.app);
    const first = receiver.newBrowser();
    const renewed = { ...receiver.newBrowser().subscription, endpoint: first.subscription.endpoint };
    await post(anna, { subscription: first.subscription, username: anna.user.username });
    await post(anna, { subscription: renewed, username: anna.user.username });
    expect((await devicesOf(anna)).subscriptions).toHaveLength(1);
  });

  it('another user cannot take over a subscribed endpoint (409), nor remove it', async () => {
    const anna = await signIn(t.app);
    const ben = await signIn(t.app);
    const shared = receiver.newBrowser().subscription;
    await post(anna, { subscription: shared, username: anna.user.username });
    const taken = await post(ben, { subscription: shared, username: ben.user.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PUSH_MESSAGES.endpointTaken);
    expect((await devicesOf(ben)).subscriptions).toEqual([]);
    expect((await devicesOf(anna)).subscriptions.map((each) => each.endpoint)).toEqual([shared.endpoint]);
    // Ben cannot remove Anna's device by its endpoint.
    await post(ben, { subscription: null, endpoint: shared.endpoint, username: ben.user.username });
    expect((await devicesOf(anna)).subscriptions).toHaveLength(1);
  });

  it('refuses unusable subscriptions with 400 and stores nothing', async () => {
    const anna = await signIn(t.app);
    const good = receiver.newBrowser().subscription;
    const bad: [string, unknown][] = [
      ['http endpoint', { ...good, endpoint: good.endpoint.replace('https:', 'http:') }],
      ['not a URL', { ...good, endpoint: 'https://' }],
      ['short p256dh', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 60) } }],
      [
        'p256dh not a P-256 point',
        { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } },
      ],
      [
        'auth of 8 bytes',
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(12, 1).toString('base64url') } },
      ],
      ['no keys', { endpoint: good.endpoint }],
      ['a string', 'subscribe me'],
    ];
    for (const [why, subscription] of bad) {
      const response = await post(anna, { subscription, username: anna.user.username });
      expect([why, response.statusCode, response.json().error]).toEqual([why, 400, true]);
      expect(typeof response.json().message).toBe('string');
    }
    const noEndpoint = await post(anna, { subscription: null, username: anna.user.username });
    expect(noEndpoint.statusCode).toBe(400);
    expect(noEndpoint.json().message).toBe('body field endpoint is required to unsubscribe');
    expect((await devicesOf(anna)).subscriptions).toEqual([]);
  });

  it("refuses another user's username (403), no token (401) and a user without MAPUSER (403)", async () => {
    const anna = await signIn(t.app);
    const subscription = receiver.newBrowser().subscription;
    const wrongName = await post(anna, { subscription, username: 'someone.else@example.ch' });
    expect(wrongName.statusCode).toBe(403);
    expect(wrongName.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Access denied. Please login with correct credentials to access the system',
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: URL_,
      payload: { subscription, username: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const visitor = await signIn(t.app, { roles: ['VISITOR'] });
    expect((await post(visitor, { subscription, username: visitor.user.username })).statusCode).toBe(403);
    expect((await devicesOf(anna)).subscriptions).toEqual([]);
  });

  it('a logout (its session revoked) stops the pushes to the devices subscribed in it', async () => {
    const anna = await signIn(t.app);
    // The same user signed in on a laptop too: a second session.
    const laptopSession = await t.app.ctx.sessions.start(anna.user.id);
    const laptopToken = await t.app.ctx.tokens.sign('main', {
      sub: anna.user.id,
      username: anna.user.username,
      roles: anna.user.roles,
      sid: laptopSession,
    });
    const laptop: SignedIn = {
      ...anna,
      sessionId: laptopSession,
      headers: { authorization: `Bearer ${laptopToken}` },
    };
    const phoneSubscription = receiver.newBrowser().subscription;
    const laptopSubscription = receiver.newBrowser().subscription;
    await post(anna, { subscription: phoneSubscription, username: anna.user.username });
    await post(laptop, { subscription: laptopSubscription, username: anna.user.username });
    await t.app.ctx.sessions.revoke(laptopSession);
    expect((await devicesOf(anna)).subscriptions.map((each) => each.endpoint)).toEqual([
      phoneSubscription.endpoint,
    ]);
    // The event is what the session service emits: nothing else is removed by an unknown session id.
    t.app.ctx.events.emit(SESSIONS_REVOKED, { sessionIds: ['no-such-session'] });
    expect((await devicesOf(anna)).subscriptions).toHaveLength(1);
  });
});

describe('POST settings/push-subscription/test', () => {
  const TEST_URL = `${URL_}/test`;

  async function subscribed(who: SignedIn): Promise<BrowserPushSubscription> {
    const browser = receiver.newBrowser();
    await post(who, { subscription: browser.subscription, username: who.user.username });
    return browser.subscription;
  }

  it('sends a test notification to this device only and says so', async () => {
    const anna = await signIn(t.app);
    const thisDevice = await subscribed(anna);
    const otherDevice = await subscribed(anna);
    const before = receiver.received.length;
    const response = await post(anna, { subscription: thisDevice, username: anna.user.username }, TEST_URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Test notification sent' });
    const sent = receiver.received.slice(before).map((push) => push.path);
    expect(sent).toEqual([new URL(thisDevice.endpoint).pathname]);
    expect(sent).not.toContain(new URL(otherDevice.endpoint).pathname);
  });

  it('answers 404 for a device that is not subscribed (or is another user’s)', async () => {
    const anna = await signIn(t.app);
    const ben = await signIn(t.app);
    const bens = await subscribed(ben);
    const response = await post(anna, { subscription: bens, username: anna.user.username }, TEST_URL);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'This device is not subscribed to push notifications',
    });
  });

  it.each([404, 410])(
    'forgets an endpoint the push service answers %i for, and tells the user',
    async (status) => {
      const anna = await signIn(t.app);
      const browser = receiver.newBrowser();
      await post(anna, { subscription: browser.subscription, username: anna.user.username });
      receiver.answer(endpointPath(browser), status);
      const response = await post(
        anna,
        { subscription: browser.subscription, username: anna.user.username },
        TEST_URL,
      );
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(
        'The push service no longer knows this device. Turn push notifications off and on again',
      );
      expect((await devicesOf(anna)).subscriptions).toEqual([]);
    },
  );

  it('keeps the device when the push service fails otherwise (500), answering 502', async () => {
    const anna = await signIn(t.app);
    const browser = receiver.newBrowser();
    await post(anna, { subscription: browser.subscription, username: anna.user.username });
    receiver.answer(endpointPath(browser), 500);
    const response = await post(
      anna,
      { subscription: browser.subscription, username: anna.user.username },
      TEST_URL,
    );
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Failed to send the test notification. Please try again later',
    });
    expect((await devicesOf(anna)).subscriptions).toHaveLength(1);
  });

  it('allows 10 tests a minute per user, then 429', async () => {
    const anna = await signIn(t.app);
    const device = await subscribed(anna);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await post(anna, { subscription: device, username: anna.user.username }, TEST_URL)).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('refuses a missing subscription with 400', async () => {
    const anna = await signIn(t.app);
    const response = await post(anna, { username: anna.user.username }, TEST_URL);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(true);
  });
});

describe('the service worker (public/sw.js)', () => {
  it('is served from the app origin as JavaScript, revalidated on every load, and the CSP allows it', async () => {
    const response = await t.app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain("addEventListener('push'");
    const page = await t.app.inject({ url: '/notifications', headers: { accept: 'text/html' } });
    const workerSrc = /worker-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(workerSrc?.split(' ')).toContain("'self'");
  });
});

describe('VAPID keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pa-vapid-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('are generated once and kept in DATA_DIR when absent, readable by the owner only', async () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.vapidPublicKey).toBe(first.vapidPublicKey);
    expect(second.vapidPrivateKey).toBe(first.vapidPrivateKey);
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dir, 'vapid-keys.json')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: tempDir() }).vapidPublicKey).not.toBe(first.vapidPublicKey);
  });

  it('are made as a matching P-256 pair that web-push signs with, the private key 32 bytes even with leading zeros', () => {
    // One private scalar in 256 starts with a zero byte, which node:crypto leaves out: 2,000 pairs meet several.
    for (let i = 0; i < 2000; i++) {
      const { publicKey, privateKey } = newVapidKeys();
      const privateBytes = Buffer.from(privateKey, 'base64url');
      expect(privateBytes).toHaveLength(32);
      const again = crypto.createECDH('prime256v1');
      again.setPrivateKey(privateBytes);
      expect(again.getPublicKey().toString('base64url')).toBe(publicKey);
    }
    const { publicKey, privateKey } = newVapidKeys();
    const headers = webPush.getVapidHeaders(
      'https://push.example.net',
      'mailto:ops@example.ch',
      publicKey,
      privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
  });

  it('come from the environment when set, and must be a valid pair set together', async () => {
    const kept = loadConfig({ DATA_DIR: tempDir() });
    const dir = tempDir();
    const given = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: kept.vapidPublicKey,
      VAPID_PRIVATE_KEY: kept.vapidPrivateKey,
    });
    expect(given.vapidPublicKey).toBe(kept.vapidPublicKey);
    expect(fs.existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: kept.vapidPublicKey })).toThrow(
      new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together'),
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: kept.vapidPrivateKey }),
    ).toThrow(/must be a P-256 key pair/);
  });
});
