/**
 * Web push and in-app notifications (spec §7 `settings/push-subscription`): the browser's push
 * subscription as `PushSubscription.toJSON()` gives it, the request bodies, and the notification the server
 * sends both as a web push payload and over the socket.
 */

/** A browser push subscription (`PushSubscription.toJSON()`): where to send and the keys to encrypt for. */
export interface BrowserPushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: {
    /** The browser's ECDH P-256 public key, URL-safe base64 (65 bytes). */
    p256dh: string;
    /** The browser's auth secret, URL-safe base64 (16 bytes). */
    auth: string;
  };
}

/**
 * `POST /v1/secure/settings/push-subscription`: the subscription to keep for this device, or
 * `subscription: null` with the `endpoint` to forget when unsubscribing; `username` is the signed-in user's.
 */
export interface PushSubscriptionRequest {
  subscription: BrowserPushSubscription | null;
  endpoint?: string;
  username: string;
}

/** `POST /v1/secure/settings/push-subscription/test`: send a test notification to this device. */
export interface PushTestRequest {
  subscription: BrowserPushSubscription;
  username: string;
}

/** One device (browser) the user receives push notifications on. */
export interface PushDevice {
  endpoint: string;
  /** The browser's user-agent line when it subscribed, shortened. */
  device: string;
  createdAt: string;
}

/** `GET /v1/secure/settings/push-subscription`: the server's public key and the user's subscribed devices. */
export interface PushSubscriptionsResponse {
  publicKey: string;
  subscriptions: PushDevice[];
}

/** Answer of the subscribe/unsubscribe call: whether this device is now subscribed. */
export interface PushSubscriptionSaved {
  success: true;
  subscribed: boolean;
}

/** Answer of the test call. */
export interface PushTestResponse {
  success: true;
  message: string;
}

/** What a notification is about: plan changed, quota at 80 % and 100 %, test, search and list alerts. */
export const NOTIFICATION_KINDS = [
  'plan-changed',
  'quota-80',
  'quota-100',
  'saved-search',
  'list-facts',
  'test',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One notification, already in the user's language: the web push payload (the service worker shows
 * title and body, and opens `url` on a click) and the socket message's data for the in-app notification.
 */
export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the app to open (e.g. /plans). */
  url: string;
  /** ISO time the server sent it. */
  sentAt: string;
}

/** The socket message type (spec §7 events {type, data}) that carries an in-app notification as `data.notification`. */
export const NOTIFICATION_EVENT = 'notification';
