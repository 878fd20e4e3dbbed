import fs from 'node:fs';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import Stripe from 'stripe';
import { seedPlans } from '../../server/store/sqlite/subscriptions/seedPlans';
import type { AppNotification } from '../../src/contract/PushNotifications';
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import {
  decryptPush,
  endpointPath,
  receiverTls,
  RECEIVER_ENV,
  startPushReceiver,
  type PushReceiver,
  type ReceivedPush,
  type TestBrowser,
} from './helpers/pushReceiver';

/**
 * Real web push delivery (RFC 8030/8291/8292): the server sends through the web-push library to a local
 * HTTPS receiver standing in for the browser vendor's push service; the test holds the browser's keys
 * (ECDH P-256 + auth secret), decrypts what arrived and reads the message.
 */
let t: TestApp;
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp(RECEIVER_ENV, { pushTls: receiverTls() });
  seedPlans(t.db);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const SUBSCRIBE_URL = '/v1/secure/settings/push-subscription';

async function subscribeBrowser(who: SignedIn): Promise<TestBrowser> {
  const browser = receiver.newBrowser();
  const response = await t.app.inject({
    method: 'POST',
    url: SUBSCRIBE_URL,
    headers: who.headers,
    payload: { subscription: browser.subscription, username: who.user.username },
  });
  expect(response.statusCode).toBe(200);
  return browser;
}

const read = (browser: TestBrowser, push: ReceivedPush) =>
  JSON.parse(decryptPush(browser, push)) as AppNotification;

/** The in-app notifications the server hands the socket server for a user. */
function inAppNotifications(userId: string): AppNotification[] {
  const seen: AppNotification[] = [];
  t.app.ctx.events.on('notification', (event: { userId: string; notification: AppNotification }) => {
    if (event.userId === userId) seen.push(event.notification);
  });
  return seen;
}

describe('real web push delivery', () => {
  it('the test notification arrives encrypted for the browser (aes128gcm), VAPID-signed, and reads in its language', async () => {
    const anna = await signIn(t.app);
    const browser = await subscribeBrowser(anna);
    const arrived = receiver.next(endpointPath(browser));
    const response = await t.app.inject({
      method: 'POST',
      url: `${SUBSCRIBE_URL}/test`,
      headers: { ...anna.headers, langcode: 'de' },
      payload: { subscription: browser.subscription, username: anna.user.username },
    });
    expect(response.json()).toEqual({ success: true, message: 'Test notification sent' });
    const push = await arrived;

    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    // Only the browser's keys open it: the body is not the plain text.
    expect(push.body.toString('utf8')).not.toContain('Parcel Atlas');
    const message = read(browser, push);
    expect(message).toMatchObject({
      kind: 'test',
      title: 'Parcel Atlas',
      body: 'Dies ist eine Testbenachrichtigung. Push-Benachrichtigungen funktionieren auf diesem Gerät.',
      url: '/notifications',
    });
    expect(Date.parse(message.sentAt)).not.toBeNaN();

    // RFC 8292: `vapid t=<ES256 JWT for the push service's origin>, k=<our public key>`.
    const authorization = String(push.headers.authorization);
    const [, jwt, key] = /^vapid t=([^,]+), k=(\S+)$/.exec(authorization) ?? [];
    expect(key).toBe(t.config.vapidPublicKey);
    const point = Buffer.from(key, 'base64url');
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(jwt, publicKey, { audience: receiver.url });
    expect(payload.sub).toBe('mailto:no-reply@parcel-atlas.local');
    expect(payload.exp! * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it('a quota at 80 % and at 100 % is pushed to every device of the user, and told in-app', async () => {
    const anna = await signIn(t.app);
    await t.app.ctx.users.updateProfile(anna.user.id, { defaultLanguage: 'en' });
    const laptop = await subscribeBrowser(anna);
    const phone = await subscribeBrowser(anna);
    const inApp = inAppNotifications(anna.user.id);
    const before = receiver.received.length;
    // The trial allows 10 advanced searches: the 8th is 80 %, the 10th 100 %.
    for (let use = 1; use <= 7; use += 1) await t.app.ctx.quota.consume(anna.user.id, 'advance_search');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received.length).toBe(before);

    const eighty = Promise.all([receiver.next(endpointPath(laptop)), receiver.next(endpointPath(phone))]);
    await t.app.ctx.quota.consume(anna.user.id, 'advance_search');
    const [laptopPush, phonePush] = await eighty;
    expect(read(laptop, laptopPush)).toMatchObject({
      kind: 'quota-80',
      title: '80 % of your advanced searches used',
      body: 'You have used 8 of 10 advanced searches in this period.',
    });
    expect(read(phone, phonePush).kind).toBe('quota-80');

    await t.app.ctx.quota.consume(anna.user.id, 'advance_search');
    const hundred = receiver.next(endpointPath(laptop));
    await t.app.ctx.quota.consume(anna.user.id, 'advance_search');
    expect(read(laptop, await hundred)).toMatchObject({
      kind: 'quota-100',
      title: 'Advanced searches: limit reached',
      url: '/plans',
    });
    // Refused uses past the limit tell nothing more.
    await t.app.ctx.quota.consume(anna.user.id, 'advance_search');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inApp.map((each) => each.kind)).toEqual(['quota-80', 'quota-100']);
    expect(receiver.received.length - before).toBe(4);
  });

  it('a plan change (a paid checkout’s webhook) is pushed once, in the user’s preferred language', async () => {
    const anna = await signIn(t.app);
    await t.app.ctx.users.updateProfile(anna.user.id, { defaultLanguage: 'fr' });
    const browser = await subscribeBrowser(anna);
    const inApp = inAppNotifications(anna.user.id);
    const arrived = receiver.next(endpointPath(browser));
    const secret = fs.readFileSync(path.join(t.dataDir, 'payment-webhook-secret'), 'utf8').trim();
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `cs_${id}`,
            payment_status: 'paid',
            client_reference_id: anna.user.id,
            subscription: `sub_${id}`,
            metadata: { userId: anna.user.id, lookup_key: 'standard_monthly' },
          },
        },
      });
    const deliver = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/secure/payment/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    expect((await deliver(event(`evt_${anna.user.id}_1`))).statusCode).toBe(200);
    expect(read(browser, await arrived)).toMatchObject({
      kind: 'plan-changed',
      title: 'Votre abonnement a changé',
      body: 'Votre abonnement est maintenant Standard Plan.',
    });
    // The same plan again (a provider's follow-up event) is not news.
    const before = receiver.received.length;
    expect((await deliver(event(`evt_${anna.user.id}_2`))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received.length).toBe(before);
    expect(inApp.map((each) => each.kind)).toEqual(['plan-changed']);
  });

  it('an endpoint answering 410 to an event push is forgotten; the other devices still get it', async () => {
    const anna = await signIn(t.app);
    const gone = await subscribeBrowser(anna);
    const kept = await subscribeBrowser(anna);
    receiver.answer(endpointPath(gone), 410);
    const report = await t.app.ctx.notifications.notify(anna.user.id, { kind: 'test' });
    expect(report).toMatchObject({ delivered: 1, gone: 1, failed: 0 });
    expect((await t.app.ctx.notifications.devices(anna.user.id)).map((each) => each.endpoint)).toEqual([
      kept.subscription.endpoint,
    ]);
  });
});
