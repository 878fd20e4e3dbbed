import type { BrowserPushSubscription } from '../../contract/PushNotifications';

/**
 * The browser's side of web push: the service worker registration, notification permission and the push
 * subscription. They live here, outside the store (design §3); listeners call these functions and put
 * only plain results into state.
 */

/** The service worker script (public/sw.js), served from the app's origin so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Where to read which browsers support web push (spec §2: "a link to browser support information"). */
export const PUSH_SUPPORT_INFO_URL = 'https://caniuse.com/push-api';

let registration: Promise<ServiceWorkerRegistration> | null = null;

/** Whether this browser can receive web push: service workers, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * Registers the service worker once per page (the app calls it at start, src/index.tsx); later calls
 * return the same registration. Rejects where service workers are unavailable.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) return Promise.reject(new Error('Service workers are not supported'));
  registration ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/** The browser's notification permission now: 'granted', 'denied' or 'default' (not asked yet). */
export function notificationPermission(): NotificationPermission {
  return Notification.permission;
}

/** Asks the user for permission to show notifications (the browser's prompt). */
export function requestNotificationPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** The push manager of the ACTIVE service worker: subscribing through one still installing fails. */
async function pushManager(): Promise<PushManager> {
  await registerServiceWorker();
  return (await navigator.serviceWorker.ready).pushManager;
}

/** The subscription as the server stores it (`PushSubscription.toJSON()`). */
function plain(subscription: PushSubscription): BrowserPushSubscription {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** This browser's current push subscription, or null. */
export async function browserSubscription(): Promise<BrowserPushSubscription | null> {
  const subscription = await (await pushManager()).getSubscription();
  return subscription ? plain(subscription) : null;
}

/** The VAPID public key (URL-safe base64) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Subscribes this browser at its vendor's push service for the server's public key. */
export async function subscribeBrowser(publicKey: string): Promise<BrowserPushSubscription> {
  const subscription = await (
    await pushManager()
  ).subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  return plain(subscription);
}

/** Ends this browser's push subscription; returns the endpoint it had, or null when there was none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await (await pushManager()).getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
