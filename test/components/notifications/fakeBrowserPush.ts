import type { BrowserPushSubscription } from '../../../src/contract/PushNotifications';

/**
 * A stand-in for the browser's web push (jsdom has none): `Notification` with its permission and prompt,
 * `PushManager`, and `navigator.serviceWorker` whose registration holds a push manager. Each test sets what
 * the browser holds and answers; the app's real pushBrowser module runs against it. The app keeps its
 * service worker registration for the page's life, so a test file uses ONE fake and `reset`s it per test.
 */
export class FakeBrowserPush {
  /** Notification.permission now. */
  permission: NotificationPermission = 'default';
  /** What the user answers at the browser's prompt. */
  promptAnswer: NotificationPermission = 'granted';
  /** The browser's current subscription (null: none). */
  current: BrowserPushSubscription | null = null;
  /** Makes PushManager.subscribe fail (the push service is unreachable, say). */
  subscribeFails = false;
  readonly requestPermission = jest.fn(async () => {
    this.permission = this.promptAnswer;
    return this.promptAnswer;
  });
  readonly subscribe = jest.fn(async (options: PushSubscriptionOptionsInit) => {
    if (this.subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
    this.current = browserSubscription('https://push.example.net/send/new-device');
    return this.native(this.current, options);
  });
  unsubscribed: string[] = [];
  readonly register = jest.fn(async () => ({ pushManager: this.pushManager }));

  private readonly pushManager = {
    getSubscription: async () => (this.current ? this.native(this.current) : null),
    subscribe: (options: PushSubscriptionOptionsInit) => this.subscribe(options),
  };

  private native(subscription: BrowserPushSubscription, _options?: PushSubscriptionOptionsInit) {
    return {
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: subscription.endpoint, keys: subscription.keys }),
      unsubscribe: async () => {
        this.unsubscribed.push(subscription.endpoint);
        if (this.current?.endpoint === subscription.endpoint) this.current = null;
        return true;
      },
    };
  }

  /** Back to a browser that was never asked and holds no subscription. */
  reset(): void {
    this.permission = 'default';
    this.promptAnswer = 'granted';
    this.current = null;
    this.subscribeFails = false;
    this.unsubscribed = [];
    this.requestPermission.mockClear();
    this.subscribe.mockClear();
  }

  /** Puts the fake into window/navigator (a browser with web push). */
  install(): void {
    const notification = { requestPermission: () => this.requestPermission() };
    Object.defineProperty(notification, 'permission', { get: () => this.permission });
    Object.defineProperty(window, 'Notification', { configurable: true, value: notification });
    Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { register: () => this.register(), ready: Promise.resolve({ pushManager: this.pushManager }) },
    });
  }

  /** A browser without web push. */
  static uninstall(): void {
    for (const name of ['Notification', 'PushManager'] as const) Reflect.deleteProperty(window, name);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  }
}

/** A subscription as PushSubscription.toJSON() gives it (keys of the right lengths). */
export function browserSubscription(endpoint: string): BrowserPushSubscription {
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'QUFBQUFBQUFBQUFBQUFBQQ' },
  };
}
