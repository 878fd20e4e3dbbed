import crypto from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type {
  AppNotification,
  BrowserPushSubscription,
  PushDevice,
} from '../../../src/contract/PushNotifications';
import { NOTIFICATION_EVENT } from '../../../src/contract/PushNotifications';
import type { PushSubscriptionStore } from '../../store/contract/push/PushSubscriptionStore';
import type { UnitOfWork } from '../../store/contract/Stores';
import type { RateLimiter } from '../accounts/rateLimits';
import {
  notificationLanguage,
  notificationText,
  notificationUrl,
  type NotificationContent,
} from './notificationTexts';
import type { PushOutcome, PushTransport } from './webPushTransport';
import type { PushEndpointPolicy } from '../../config';
import { mayPushTo } from './pushEndpointPolicy';

/** A client error of the push calls: the app's error handler answers `statusCode` with {error, message}. */
export class PushError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const PUSH_MESSAGES = {
  invalidSubscription: 'Invalid push subscription: an https endpoint with p256dh and auth keys is needed',
  notSubscribed: 'This device is not subscribed to push notifications',
  gone: 'The push service no longer knows this device. Turn push notifications off and on again',
  failed: 'Failed to send the test notification. Please try again later',
  testSent: 'Test notification sent',
  tooManyTests: 'Too many test notifications. Please wait a minute and try again',
  serviceRefused: "This push service is not accepted. Please use your browser's own push notifications",
  endpointTaken:
    'This device receives notifications for another account. Turn push notifications off and on again',
} as const;

/** Most devices one user receives pushes on; subscribing one more forgets the oldest. */
export const MAX_DEVICES_PER_USER = 20;

/** How many of a notification's pushes ended which way. */
export interface DeliveryReport {
  notification: AppNotification;
  delivered: number;
  gone: number;
  failed: number;
}

/** The signed-in device that subscribes. */
export interface Subscriber {
  userId: string;
  sessionId: string | null;
  /** The browser's User-Agent header. */
  userAgent: string;
}

export interface NotifyOptions {
  /** The language to write in (the caller's langcode); default: the user's preferred language. */
  language?: string | null;
  /** Send the push to this endpoint of the user only (the test of one device). */
  endpoint?: string;
}

/**
 * Web push subscriptions per user and device, and notifications: each goes to the user's open sockets
 * (the in-app notification) and, encrypted, to every device the user subscribed; devices the push service
 * says are gone (404/410) are forgotten.
 */
export interface NotificationService {
  /** The VAPID public key browsers subscribe with (spec §7: "a public push server key"). */
  readonly publicKey: string;
  subscribe(subscriber: Subscriber, subscription: BrowserPushSubscription): Promise<void>;
  /** Forgets one of the user's devices; false when it was not subscribed. */
  unsubscribe(userId: string, endpoint: string): Promise<boolean>;
  devices(userId: string): Promise<PushDevice[]>;
  /** Whether this endpoint is one of the user's subscribed devices. */
  isSubscribed(userId: string, endpoint: string): Promise<boolean>;
  notify(userId: string, content: NotificationContent, options?: NotifyOptions): Promise<DeliveryReport>;
  /**
   * The test notification of one of the user's devices (and in-app): 404 when the endpoint is not one of
   * theirs, 429 past the test limit.
   */
  sendTest(userId: string, endpoint: string, language: string | null): Promise<DeliveryReport>;
  /** Stops the pushes to the devices subscribed in these sessions (they were revoked: logout, password change). */
  forgetSessions(sessionIds: string[]): Promise<void>;
}

export interface NotificationServiceDeps {
  publicKey: string;
  store: PushSubscriptionStore;
  unitOfWork: UnitOfWork;
  transport: PushTransport;
  events: EventEmitter;
  /** The user's preferred language (default for notifications that no request asked for). */
  preferredLanguage(userId: string): Promise<string | null>;
  /** Counts test notifications per user (each one is a request to an outside push service). */
  testLimiter: RateLimiter;
  /** Which push services subscriptions may name (checked again at every send by the transport). */
  endpointPolicy: PushEndpointPolicy;
  now?: () => number;
}

const base64UrlBytes = (value: string) =>
  /^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : null;

/**
 * Whether the subscription can be pushed to: an https endpoint (web push runs over TLS, RFC 8030), an
 * uncompressed P-256 point as p256dh (65 bytes) and a 16-byte auth secret (RFC 8291).
 */
export function isUsableSubscription(subscription: BrowserPushSubscription): boolean {
  let endpoint: URL;
  try {
    endpoint = new URL(subscription.endpoint);
  } catch {
    return false;
  }
  const p256dh = base64UrlBytes(subscription.keys.p256dh);
  const auth = base64UrlBytes(subscription.keys.auth);
  return (
    endpoint.protocol === 'https:' &&
    endpoint.username === '' &&
    p256dh !== null &&
    p256dh.length === 65 &&
    p256dh[0] === 0x04 &&
    auth !== null &&
    auth.length === 16
  );
}

/** A readable, bounded device label from a User-Agent line. */
export function deviceLabel(userAgent: string): string {
  return userAgent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

export function createNotificationService(deps: NotificationServiceDeps): NotificationService {
  const { store, unitOfWork, transport, events } = deps;
  const now = deps.now ?? Date.now;
  const service: NotificationService = {
    publicKey: deps.publicKey,
    async subscribe(subscriber, subscription) {
      if (!isUsableSubscription(subscription)) throw new PushError(400, PUSH_MESSAGES.invalidSubscription);
      if (!mayPushTo(subscription.endpoint, deps.endpointPolicy)) {
        throw new PushError(400, PUSH_MESSAGES.serviceRefused);
      }
      await unitOfWork(async () => {
        // An endpoint is its browser's: another account posting it cannot move it to itself.
        const holder = await store.findByEndpoint(subscription.endpoint);
        if (holder && holder.userId !== subscriber.userId)
          throw new PushError(409, PUSH_MESSAGES.endpointTaken);
        await store.save({
          endpoint: subscription.endpoint,
          userId: subscriber.userId,
          sessionId: subscriber.sessionId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          device: deviceLabel(subscriber.userAgent),
          createdAt: now(),
        });
        await store.trimForUser(subscriber.userId, MAX_DEVICES_PER_USER);
      });
    },
    unsubscribe: (userId, endpoint) => unitOfWork(() => store.removeForUser(userId, endpoint)),
    devices: async (userId) =>
      (await store.listForUser(userId)).map((record) => ({
        endpoint: record.endpoint,
        device: record.device,
        createdAt: new Date(record.createdAt).toISOString(),
      })),
    async forgetSessions(sessionIds) {
      await unitOfWork(() => store.removeForSessions(sessionIds));
    },
    isSubscribed: async (userId, endpoint) => (await store.findForUser(userId, endpoint)) !== null,
    async notify(userId, content, options = {}) {
      const language = notificationLanguage(options.language ?? (await deps.preferredLanguage(userId)));
      const notification: AppNotification = {
        id: crypto.randomUUID(),
        kind: content.kind,
        ...notificationText(content, language),
        url: notificationUrl(content),
        sentAt: new Date(now()).toISOString(),
      };
      // The in-app notification, on every open socket of the user (server/socket/attachSocketServer).
      events.emit(NOTIFICATION_EVENT, { userId, notification });
      const targets = (await store.listForUser(userId)).filter(
        (record) => options.endpoint === undefined || record.endpoint === options.endpoint,
      );
      const payload = JSON.stringify(notification);
      const outcomes: PushOutcome[] = await Promise.all(
        targets.map((record) =>
          transport.send(
            { endpoint: record.endpoint, keys: { p256dh: record.p256dh, auth: record.auth } },
            payload,
          ),
        ),
      );
      const gone = targets.filter((_, index) => outcomes[index] === 'gone');
      await Promise.all(gone.map((record) => store.removeEndpoint(record.endpoint)));
      const count = (outcome: PushOutcome) => outcomes.filter((each) => each === outcome).length;
      return { notification, delivered: count('delivered'), gone: count('gone'), failed: count('failed') };
    },
    async sendTest(userId, endpoint, language) {
      if (!(await service.isSubscribed(userId, endpoint)))
        throw new PushError(404, PUSH_MESSAGES.notSubscribed);
      const limit = await deps.testLimiter.hit(userId);
      if (!limit.allowed) throw new PushError(429, PUSH_MESSAGES.tooManyTests);
      return service.notify(userId, { kind: 'test' }, { language, endpoint });
    },
  };
  return service;
}
