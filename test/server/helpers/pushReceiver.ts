import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import type { BrowserPushSubscription } from '../../../src/contract/PushNotifications';

/**
 * A local stand-in for a browser vendor's push service (RFC 8030), over HTTPS as web push requires, with a
 * self-signed certificate for 127.0.0.1 made for these tests only (test/server/fixtures/push-receiver-*.pem).
 * Every request is recorded; the status it answers is chosen per endpoint path.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures');
/**
 * The configuration that lets the server push to the receiver on loopback: its address named as a push
 * service and allowed although it is a loopback address.
 */
export const RECEIVER_ENV = { PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_ALLOWED_ADDRESSES: '127.0.0.1' };

export const PUSH_RECEIVER_CERT = fs.readFileSync(path.join(FIXTURES, 'push-receiver-cert.pem'));

/** TLS options that trust the receiver's certificate (buildApp's `pushTls`). */
export function receiverTls(): { ca: Buffer } {
  return { ca: PUSH_RECEIVER_CERT };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: the keys it generated (ECDH P-256 and a 16-byte auth secret). */
export interface TestBrowser {
  subscription: BrowserPushSubscription;
  ecdh: crypto.ECDH;
  authSecret: Buffer;
}

export interface PushReceiver {
  url: string;
  received: ReceivedPush[];
  /** The status answered for an endpoint path (default 201 Created, as push services answer). */
  answer(pathName: string, status: number): void;
  /** A subscription on this receiver with freshly generated browser keys, as PushManager.subscribe makes one. */
  newBrowser(pathName?: string): TestBrowser;
  /** Waits for the next push to the path. */
  next(pathName: string): Promise<ReceivedPush>;
  close(): Promise<void>;
}

let browsers = 0;

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiting: { path: string; resolve(push: ReceivedPush): void }[] = [];
  const server = https.createServer(
    { cert: PUSH_RECEIVER_CERT, key: fs.readFileSync(path.join(FIXTURES, 'push-receiver-key.pem')) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
        received.push(push);
        response.writeHead(statuses.get(push.path) ?? 201).end();
        for (const waiter of waiting.filter((each) => each.path === push.path)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(push);
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (pathName, status) => statuses.set(pathName, status),
    newBrowser(pathName) {
      browsers += 1;
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      return {
        ecdh,
        authSecret,
        subscription: {
          endpoint: `${url}${pathName ?? `/push/browser-${browsers}-${crypto.randomUUID()}`}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
    },
    next: (pathName) => new Promise((resolve) => waiting.push({ path: pathName, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The path of a subscription's endpoint on the receiver. */
export const endpointPath = (browser: TestBrowser) => new URL(browser.subscription.endpoint).pathname;

/** Decrypts a push body as the browser would (RFC 8291: aes128gcm with its private key and auth secret). */
export function decryptPush(browser: TestBrowser, push: ReceivedPush): string {
  return ece
    .decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.authSecret })
    .toString('utf8');
}
