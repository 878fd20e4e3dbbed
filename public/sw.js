/* Parcel Atlas service worker: shows web push notifications and opens the app on a click.
 * It is registered by the app (src/features/notifications/pushBrowser.ts) from the page's origin, scope '/',
 * and does nothing else: no caching, no fetch handler, so the app always loads fresh from the server.
 * The payload is an AppNotification (src/contract/PushNotifications.ts) written in the user's language. */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return { title: 'Parcel Atlas', body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const notification = readPayload(event) || { title: 'Parcel Atlas', body: '' };
  event.waitUntil(
    self.registration.showNotification(notification.title || 'Parcel Atlas', {
      body: notification.body || '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      // One notification per kind on screen: a newer quota warning replaces the older one.
      tag: notification.kind || 'parcel-atlas',
      renotify: true,
      data: { url: typeof notification.url === 'string' ? notification.url : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only paths of this app are opened, whatever a payload says.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      // navigate() needs a window this worker controls; a window it does not control is just focused.
      if (open) return open.focus().then((client) => client.navigate(target.href).catch(() => client));
      return self.clients.openWindow(target.href);
    }),
  );
});
