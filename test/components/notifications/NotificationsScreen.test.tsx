import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NotificationsScreen } from '../../../src/features/notifications/NotificationsScreen';
import type { PushDevice } from '../../../src/contract/PushNotifications';
import { PUSH_STATUS_CHECK_MS } from '../../../src/lib/timing';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { sessionFixture } from '../sessionFixture';
import { browserSubscription, FakeBrowserPush } from './fakeBrowserPush';

/** The server's VAPID public key: 65 bytes, an uncompressed P-256 point. */
const PUBLIC_KEY = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
const PUSH_URL = apiUrl('/v1/secure/settings/push-subscription');
const EXISTING = browserSubscription('https://push.example.net/send/this-laptop');

const browser = new FakeBrowserPush();
let serverDevices: PushDevice[];
let posts: unknown[];
let tests: unknown[];
const server = startMswServer(
  http.get(PUSH_URL, () => HttpResponse.json({ publicKey: PUBLIC_KEY, subscriptions: serverDevices })),
  http.post(PUSH_URL, async ({ request }) => {
    const body = (await request.json()) as { subscription: unknown };
    posts.push(body);
    return HttpResponse.json({ success: true, subscribed: body.subscription !== null });
  }),
  http.post(`${PUSH_URL}/test`, async ({ request }) => {
    tests.push(await request.json());
    return HttpResponse.json({ success: true, message: 'Test notification sent' });
  }),
);

beforeEach(() => {
  jest.useFakeTimers();
  browser.reset();
  browser.install();
  serverDevices = [];
  posts = [];
  tests = [];
});
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
  FakeBrowserPush.uninstall();
});

function renderScreen() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(<NotificationsScreen />, {
    preloadedState: { session: sessionFixture() },
    initialEntries: ['/notifications'],
  });
  return { user, ...view };
}

const pushSwitch = () => screen.getByRole('switch', { name: 'Enable Push Notifications' });
const statusLine = () => screen.getByRole('status');
const testButton = () => screen.queryByRole('button', { name: /Send test notification/ });

/** Opens the screen, lets the status check run and flips the switch. */
async function openAndToggle() {
  const view = renderScreen();
  await passStatusCheck();
  await view.user.click(pushSwitch());
  return view;
}

const expectStatus = (text: string) => waitFor(() => expect(statusLine()).toHaveTextContent(text));

/** Lets the 100 ms status check run (spec §9) and what it awaits settle. */
async function passStatusCheck() {
  await act(() => jest.advanceTimersByTimeAsync(PUSH_STATUS_CHECK_MS));
}

describe('Notifications screen: the push status check (spec §4: 100 ms after load)', () => {
  it("an existing browser subscription turns the switch on after 100 ms: 'Subscribed on this device' and the test button", async () => {
    browser.permission = 'granted';
    browser.current = EXISTING;
    serverDevices = [{ endpoint: EXISTING.endpoint, device: 'Chrome', createdAt: '2026-11-01T10:00:00Z' }];
    renderScreen();
    await act(() => jest.advanceTimersByTimeAsync(PUSH_STATUS_CHECK_MS - 1));
    expect(pushSwitch()).not.toBeChecked();
    expect(statusLine()).toHaveTextContent('');
    expect(testButton()).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    expect(statusLine()).toHaveTextContent('Subscribed on this device');
    expect(testButton()).toBeInTheDocument();
    // The server already lists this device: nothing to send.
    await act(() => jest.advanceTimersByTimeAsync(50));
    expect(posts).toEqual([]);
  });

  it("without a browser subscription the switch stays off: 'Not subscribed on this device', no test button", async () => {
    renderScreen();
    await passStatusCheck();
    await waitFor(() => expect(statusLine()).toHaveTextContent('Not subscribed on this device'));
    expect(pushSwitch()).not.toBeChecked();
    expect(pushSwitch()).toBeEnabled();
    expect(testButton()).not.toBeInTheDocument();
  });

  it('hands the server a browser subscription it does not list (removed after a logout or a 410)', async () => {
    browser.permission = 'granted';
    browser.current = EXISTING;
    renderScreen();
    await passStatusCheck();
    await waitFor(() => expect(posts).toEqual([{ subscription: EXISTING, username: 'anna@example.ch' }]));
    expect(pushSwitch()).toBeChecked();
  });

  it('without web push in the browser: the not-supported text with a link to browser support information', async () => {
    FakeBrowserPush.uninstall();
    renderScreen();
    await passStatusCheck();
    expect(await screen.findByText('Notifications not supported in this browser.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'See which browsers support push notifications' });
    expect(link).toHaveAttribute('href', 'https://caniuse.com/push-api');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(testButton()).not.toBeInTheDocument();
  });
});

describe('Notifications screen: turning push on and off (spec §4, §8)', () => {
  it("on: asks permission, subscribes with the server key, posts subscription and username: 'You will receive Push Notifications on this device'", async () => {
    const { user } = renderScreen();
    await passStatusCheck();
    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    expect(statusLine()).toHaveTextContent('You will receive Push Notifications on this device');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect([key[0], key[1], key[64]]).toEqual([4, 1, 64]);
    expect(posts).toEqual([
      {
        subscription: browserSubscription('https://push.example.net/send/new-device'),
        username: 'anna@example.ch',
      },
    ]);
    expect(testButton()).toBeInTheDocument();
  });

  it('permission denied at the prompt: the switch reverts to off with the access-denied message', async () => {
    browser.promptAnswer = 'denied';
    await openAndToggle();
    await expectStatus(
      'Error! Push Notifications access denied. Enable Push Notification in your browser and try again.',
    );
    expect(pushSwitch()).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(posts).toEqual([]);
    expect(testButton()).not.toBeInTheDocument();
  });

  it('the prompt dismissed (permission still "default") counts as denied', async () => {
    browser.promptAnswer = 'default';
    await openAndToggle();
    await expectStatus('Error! Push Notifications access denied.');
    expect(pushSwitch()).not.toBeChecked();
  });

  it('notifications blocked in the browser: no prompt, the switch reverts with the denied-on-this-browser message', async () => {
    browser.permission = 'denied';
    await openAndToggle();
    await expectStatus(
      'Error! Push notification is denied on this browser. Please enable push notifications and try again.',
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(pushSwitch()).not.toBeChecked();
  });

  it("the browser subscription fails: 'Error! Failed to subscribe user to push notification.'", async () => {
    browser.subscribeFails = true;
    await openAndToggle();
    await expectStatus('Error! Failed to subscribe user to push notification.');
    expect(pushSwitch()).not.toBeChecked();
    expect(posts).toEqual([]);
  });

  it('the server refuses the subscription: the failed message, and the browser subscription is ended too', async () => {
    server.use(
      http.post(PUSH_URL, () =>
        HttpResponse.json({ error: true, message: 'Internal server error' }, { status: 500 }),
      ),
    );
    await openAndToggle();
    await expectStatus('Error! Failed to subscribe user to push notification.');
    expect(pushSwitch()).not.toBeChecked();
    expect(browser.current).toBeNull();
    expect(browser.unsubscribed).toEqual(['https://push.example.net/send/new-device']);
  });

  it("off: ends the browser subscription and posts null with its endpoint: 'Not subscribed on this device'", async () => {
    browser.permission = 'granted';
    browser.current = EXISTING;
    serverDevices = [{ endpoint: EXISTING.endpoint, device: 'Chrome', createdAt: '2026-11-01T10:00:00Z' }];
    const { user } = renderScreen();
    await passStatusCheck();
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    expect(statusLine()).toHaveTextContent('Not subscribed on this device');
    expect(browser.unsubscribed).toEqual([EXISTING.endpoint]);
    expect(posts).toEqual([{ subscription: null, endpoint: EXISTING.endpoint, username: 'anna@example.ch' }]);
    expect(testButton()).not.toBeInTheDocument();
  });

  it('shows the messages in the user’s language', async () => {
    browser.promptAnswer = 'denied';
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<NotificationsScreen />, {
      preloadedState: { session: sessionFixture(), language: { chosen: 'de' } },
    });
    await passStatusCheck();
    await user.click(screen.getByRole('switch', { name: 'Push-Benachrichtigungen aktivieren' }));
    await waitFor(() =>
      expect(statusLine()).toHaveTextContent(/^Fehler! Der Zugriff für Push-Benachrichtigungen/),
    );
  });
});

describe("Notifications screen: 'Send test notification'", () => {
  async function subscribedScreen() {
    browser.permission = 'granted';
    browser.current = EXISTING;
    serverDevices = [{ endpoint: EXISTING.endpoint, device: 'Chrome', createdAt: '2026-11-01T10:00:00Z' }];
    const view = renderScreen();
    await passStatusCheck();
    await waitFor(() => expect(testButton()).toBeInTheDocument());
    return view;
  }

  it('is green, and posts this device’s subscription and the username; success says so', async () => {
    const { user, store } = await subscribedScreen();
    expect(testButton()).toHaveStyle({ backgroundColor: '#4caf50' });
    await user.click(testButton()!);
    await waitFor(() => expect(tests).toEqual([{ subscription: EXISTING, username: 'anna@example.ch' }]));
    await waitFor(() =>
      expect(store.getState().ui.snackbars.map((each) => [each.kind, each.message])).toEqual([
        ['success', { id: 'notifications.test.sent' }],
      ]),
    );
  });

  it('a failed send shows the server’s message as an error snackbar and keeps the switch', async () => {
    server.use(
      http.post(`${PUSH_URL}/test`, () =>
        HttpResponse.json(
          { error: true, message: 'Failed to send the test notification. Please try again later' },
          { status: 502 },
        ),
      ),
    );
    const { user, store } = await subscribedScreen();
    await user.click(testButton()!);
    await waitFor(() =>
      expect(store.getState().ui.snackbars.map((each) => [each.kind, each.message])).toEqual([
        ['error', { text: 'Failed to send the test notification. Please try again later' }],
      ]),
    );
    expect(pushSwitch()).toBeChecked();
  });

  it('a 410 (the push service forgot this browser) ends the browser subscription: the switch goes off', async () => {
    server.use(
      http.post(`${PUSH_URL}/test`, () =>
        HttpResponse.json(
          { error: true, message: 'The push service no longer knows this device.' },
          { status: 410 },
        ),
      ),
    );
    const { user } = await subscribedScreen();
    await user.click(testButton()!);
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    expect(browser.current).toBeNull();
    expect(testButton()).not.toBeInTheDocument();
  });
});

describe('Notifications screen: in-app notifications', () => {
  it('lists the notifications received, newest first, and puts the counter back to 0', async () => {
    const { store } = renderScreen();
    expect(screen.getByText('No notifications since you opened Parcel Atlas.')).toBeInTheDocument();
    act(() => {
      store.dispatch({
        type: 'notifications/notificationReceived',
        payload: {
          id: 'n1',
          kind: 'quota-80',
          title: '80 % of your advanced searches used',
          body: 'You have used 8 of 10 advanced searches in this period.',
          url: '/',
          sentAt: '2026-11-23T09:15:00Z',
        },
      });
    });
    const list = await screen.findByTestId('recent-notifications');
    expect(within(list).getByText('80 % of your advanced searches used')).toBeInTheDocument();
    expect(
      within(list).getByText('You have used 8 of 10 advanced searches in this period.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(store.getState().notifications.unread).toBe(0));
  });
});
