/**
 * Web push goes only to the browsers' push services: endpoints of other hosts are refused when
 * subscribing, and at send time no connection is opened to a private, loopback, link-local or multicast
 * address, whatever form the address takes or whatever a permitted name resolves to.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../server/config';
import { isConnectableAddress, mayPushTo } from '../../server/services/push/pushEndpointPolicy';
import { createSqlitePushSubscriptionStore } from '../../server/store/sqlite/push/createSqlitePushSubscriptionStore';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { startPushReceiver, type PushReceiver } from './helpers/pushReceiver';

const DEFAULT_POLICY = { hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowedAddresses: [] };

/** Every address form of loopback and the cloud metadata service an attacker tried. */
const HOSTILE_HOSTS = [
  '127.0.0.1',
  'localhost',
  '[::ffff:127.0.0.1]',
  '2130706433',
  '0x7f.1',
  '0177.0.0.1',
  '169.254.169.254',
  '[::1]',
  '10.0.0.5',
  '192.168.1.1',
  '[fe80::1]',
  '224.0.0.1',
  '0.0.0.0',
];

describe('push endpoint policy', () => {
  it('accepts the push services browsers use, by default', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect([endpoint, mayPushTo(endpoint, DEFAULT_POLICY)]).toEqual([endpoint, true]);
  });

  it('refuses every hostile host form and other hosts', () => {
    for (const host of [
      ...HOSTILE_HOSTS,
      'evil.example.com',
      'notify.windows.com.evil.ch',
      'fcm.googleapis.com.evil.ch',
    ])
      expect([host, mayPushTo(`https://${host}/push/1`, DEFAULT_POLICY)]).toEqual([host, false]);
  });

  it('judges addresses, IPv4-mapped IPv6 as IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '::1',
      '169.254.169.254',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      'fe80::1',
      'fc00::1',
      '224.0.0.1',
      'ff02::1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect([address, isConnectableAddress(address, DEFAULT_POLICY)]).toEqual([address, false]);
    expect(isConnectableAddress('142.250.203.106', DEFAULT_POLICY)).toBe(true);
    expect(isConnectableAddress('2a00:1450:400a:802::200a', DEFAULT_POLICY)).toBe(true);
    expect(isConnectableAddress('127.0.0.1', { ...DEFAULT_POLICY, allowedAddresses: ['127.0.0.0/8'] })).toBe(
      true,
    );
  });
});

describe('push endpoints on a running server', () => {
  let t: TestApp;
  let listener: net.Server;
  let connections = 0;
  let port = 0;
  let receiver: PushReceiver;
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    receiver = await startPushReceiver();
    // `localhost` is named as a push service here, but it resolves to loopback, which stays refused.
    t = await createTestApp({ PUSH_SERVICE_HOSTS: `localhost,${DEFAULT_PUSH_SERVICE_HOSTS.join(',')}` });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  const subscriptionFor = (endpoint: string) => ({ ...receiver.newBrowser().subscription, endpoint });

  it('refuses to subscribe endpoints on hostile hosts (400), storing nothing', async () => {
    const anna = await signIn(t.app);
    for (const host of HOSTILE_HOSTS.filter((each) => each !== 'localhost')) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/secure/settings/push-subscription',
        headers: anna.headers,
        payload: {
          subscription: subscriptionFor(`https://${host}:${port}/push/1`),
          username: anna.user.username,
        },
      });
      expect([host, response.statusCode]).toEqual([host, 400]);
    }
    expect(await t.app.ctx.notifications.devices(anna.user.id)).toEqual([]);
  });

  it('a loopback listener sees no connection: not for a permitted name resolving to it, nor for stored literals', async () => {
    const anna = await signIn(t.app);
    const viaName = subscriptionFor(`https://localhost:${port}/push/by-name`);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/settings/push-subscription',
      headers: anna.headers,
      payload: { subscription: viaName, username: anna.user.username },
    });
    expect(subscribed.statusCode).toBe(200);
    // Rows written before this check existed hold literal addresses: they are refused at send time too.
    for (const host of HOSTILE_HOSTS.filter((each) => each !== 'localhost')) {
      createSqlitePushSubscriptionStore(t.db).save({
        endpoint: `https://${host}:${port}/push/literal`,
        userId: anna.user.id,
        sessionId: null,
        p256dh: viaName.keys.p256dh,
        auth: viaName.keys.auth,
        device: 'old row',
        createdAt: Date.now(),
      });
    }
    const report = await t.app.ctx.notifications.notify(anna.user.id, { kind: 'test' });
    expect(report.delivered).toBe(0);
    expect(report.failed).toBe(HOSTILE_HOSTS.length);
    expect(connections).toBe(0);
  });
});
