import https from 'node:https';
import type { PushEndpointPolicy } from '../../config';
import { guardedLookup, mayPushTo, PushAddressRefused } from './pushEndpointPolicy';

/** Where a push goes: a browser's endpoint and the keys its payload is encrypted for (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * How one send ended: delivered to the push service; `gone` when it answered 404 or 410 (the browser
 * unsubscribed or the subscription expired: the endpoint must be forgotten); `failed` otherwise
 * (unreachable, 5xx, 429 …: worth keeping, the next notification tries again).
 */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** Sends one encrypted web push message. */
export interface PushTransport {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export interface WebPushTransportOptions {
  publicKey: string;
  privateKey: string;
  /** The VAPID `sub` claim: a mailto: or https: URL the push services can contact the sender at. */
  subject: string;
  /** How long a push service keeps a message for an offline browser, seconds. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** Which push services and addresses may be connected to (checked at every send). */
  policy: PushEndpointPolicy;
  /** TLS options of the connections (tests: the certificate authority of their local receiver). */
  tls?: Pick<https.AgentOptions, 'ca'>;
  /** Told about every failed send (status only: never the keys or the payload). */
  onFailure?(endpointOrigin: string, status: number | null, error: unknown): void;
}

/** The push services' "no such subscription" answers (RFC 8030 §7.3: 404 Not Found, 410 Gone). */
const GONE_STATUSES = new Set([404, 410]);

const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid endpoint';
  }
};

/**
 * The web-push library's sender (VAPID-signed, aes128gcm-encrypted, RFC 8030/8291/8292) behind the
 * PushTransport interface, so services never see the library and tests can put in their own.
 */
export function createWebPushTransport(options: WebPushTransportOptions): PushTransport {
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  };
  const agent = new https.Agent({ ...options.tls, lookup: guardedLookup(options.policy) });
  return {
    async send(target, payload) {
      if (!mayPushTo(target.endpoint, options.policy)) {
        options.onFailure?.(originOf(target.endpoint), null, new PushAddressRefused('endpoint refused'));
        return 'failed';
      }
      // web-push and its JWT and ECE modules load with the first notification sent, not with the server.
      const webPush = (await import('web-push')).default;
      try {
        await webPush.sendNotification(target, payload, {
          vapidDetails,
          TTL: options.ttlSeconds ?? 24 * 3600,
          timeout: options.timeoutMs ?? 10_000,
          contentEncoding: 'aes128gcm',
          agent,
        });
        return 'delivered';
      } catch (error) {
        const status = error instanceof webPush.WebPushError ? error.statusCode : null;
        if (status !== null && GONE_STATUSES.has(status)) return 'gone';
        options.onFailure?.(originOf(target.endpoint), status, error);
        return 'failed';
      }
    },
  };
}

/** The VAPID subject for a deployment: its public https URL, else its sender address as a mailto: URL. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https:')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
