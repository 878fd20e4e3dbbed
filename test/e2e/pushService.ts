import type { Page } from 'playwright-core';
import type { TestBrowser } from '../server/helpers/pushReceiver';

/**
 * Headless Chromium cannot reach a vendor push service (stack-notes), so `pushManager.subscribe` is replaced,
 * before the app loads, by one that answers the subscription of the test's own browser keys on the local
 * receiver. Everything else is real: permission, service worker, the app, the server, web-push's encryption.
 */
export async function replacePushService(page: Page, browser: TestBrowser): Promise<void> {
  await page.addInitScript((subscription) => {
    // Kept across reloads, as a browser keeps its push subscription.
    const KEY = 'test-push-subscribed';
    const make = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => subscription,
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      sessionStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (sessionStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
    };
  }, browser.subscription);
}
