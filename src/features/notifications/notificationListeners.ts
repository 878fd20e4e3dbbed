import { serverErrorBody } from '../../api/responses';
import { runtimeConfig } from '../../config/runtimeConfig';
import type { AppStartListening } from '../../store/storeTypes';
import type { BrowserPushSubscription } from '../../contract/PushNotifications';
import { PUSH_STATUS_CHECK_MS } from '../../lib/timing';
import { selectProfile } from '../auth/sessionSlice';
import { showSnackbar } from '../ui/uiSlice';
import {
  notificationReceived,
  PUSH_MESSAGES,
  pushStatusChecked,
  pushStatusCheckRequested,
  pushSubscribed,
  pushSubscribeFailed,
  pushSwitchToggled,
  pushTestFinished,
  pushTestRequested,
  pushUnsubscribed,
  pushUnsupported,
  selectRecentNotifications,
} from './notificationsSlice';
import {
  browserSubscription,
  notificationPermission,
  pushSupported,
  requestNotificationPermission,
  subscribeBrowser,
  unsubscribeBrowser,
} from './pushBrowser';
import { pushEndpoints } from './pushEndpoints';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

const usernameOf = (api: ListenerApi) => selectProfile(api.getState())?.username ?? '';

/** The server's public push key: from the runtime config, else from `GET settings/push-subscription`. */
async function serverPublicKey(api: ListenerApi): Promise<string> {
  const configured = runtimeConfig().vapidPublicKey;
  if (configured) return configured;
  const request = api.dispatch(pushEndpoints.endpoints.getPushSubscriptions.initiate());
  try {
    return (await request.unwrap()).publicKey;
  } finally {
    request.unsubscribe();
  }
}

/**
 * Subscribes this browser; when an old subscription (made for another server key) is in the way, ends it
 * and tries once more.
 */
async function subscribeThisBrowser(publicKey: string): Promise<BrowserPushSubscription> {
  try {
    return await subscribeBrowser(publicKey);
  } catch (error) {
    if ((await unsubscribeBrowser().catch(() => null)) === null) throw error;
    return subscribeBrowser(publicKey);
  }
}

function save(api: ListenerApi, subscription: BrowserPushSubscription) {
  return api
    .dispatch(
      pushEndpoints.endpoints.savePushSubscription.initiate({ subscription, username: usernameOf(api) }),
    )
    .unwrap();
}

/**
 * The browser has a subscription the server does not list for this user (it was removed after a 404/410,
 * at a logout, or another user had it): hand it to the server again. Failures stay silent: the switch
 * already shows what the browser holds.
 */
async function resynchronise(api: ListenerApi, subscription: BrowserPushSubscription): Promise<void> {
  const request = api.dispatch(
    pushEndpoints.endpoints.getPushSubscriptions.initiate(undefined, { forceRefetch: true }),
  );
  try {
    const { subscriptions } = await request.unwrap();
    if (!subscriptions.some((each) => each.endpoint === subscription.endpoint)) await save(api, subscription);
  } catch {
    // The next visit tries again.
  } finally {
    request.unsubscribe();
  }
}

async function turnOn(api: ListenerApi): Promise<void> {
  if (!pushSupported()) {
    api.dispatch(pushUnsupported());
    return;
  }
  // Blocked in the browser's settings: no prompt can be shown any more (spec §8's second denied text).
  if (notificationPermission() === 'denied') {
    api.dispatch(pushSubscribeFailed(PUSH_MESSAGES.blocked));
    return;
  }
  if ((await requestNotificationPermission()) !== 'granted') {
    api.dispatch(pushSubscribeFailed(PUSH_MESSAGES.accessDenied));
    return;
  }
  let subscription: BrowserPushSubscription;
  try {
    subscription = await subscribeThisBrowser(await serverPublicKey(api));
  } catch {
    api.dispatch(pushSubscribeFailed(PUSH_MESSAGES.subscribeFailed));
    return;
  }
  try {
    await save(api, subscription);
  } catch {
    // The server did not take it: end the browser's side too, so switch and server agree.
    await unsubscribeBrowser().catch(() => null);
    api.dispatch(pushSubscribeFailed(PUSH_MESSAGES.subscribeFailed));
    return;
  }
  api.dispatch(pushSubscribed());
}

async function turnOff(api: ListenerApi): Promise<void> {
  const endpoint = await unsubscribeBrowser().catch(() => null);
  if (endpoint) {
    // A failed call is harmless: the push service answers 410 for the ended subscription and the server forgets it.
    await api
      .dispatch(
        pushEndpoints.endpoints.savePushSubscription.initiate({
          subscription: null,
          endpoint,
          username: usernameOf(api),
        }),
      )
      .unwrap()
      .catch(() => undefined);
  }
  api.dispatch(pushUnsubscribed());
}

async function sendTest(api: ListenerApi): Promise<void> {
  const subscription = await browserSubscription().catch(() => null);
  if (!subscription) {
    api.dispatch(pushStatusChecked({ subscribed: false }));
    return;
  }
  try {
    await api
      .dispatch(
        pushEndpoints.endpoints.sendTestNotification.initiate({ subscription, username: usernameOf(api) }),
      )
      .unwrap();
    api.dispatch(showSnackbar('success', { id: 'notifications.test.sent' }));
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    // 401/403 belong to the session listeners (re-authorise, or access denied and logout).
    if (status === 401 || status === 403) return;
    const message = serverErrorBody(error).message;
    api.dispatch(showSnackbar('error', message ? { text: message } : { id: 'notifications.test.failed' }));
    // The push service no longer knows this browser's subscription: end it, the switch goes off.
    if (status === 410) {
      await unsubscribeBrowser().catch(() => null);
      api.dispatch(pushUnsubscribed());
    }
    // The server does not know this device (404): hand it over again, so the next test works.
    if (status === 404) await save(api, subscription).catch(() => undefined);
  }
}

/**
 * Push and in-app notifications (spec §4): the status check 100 ms after the screen opens, the switch
 * (permission, browser subscription, server call), the test, and an in-app notification's snackbar.
 */
export function addNotificationListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: pushStatusCheckRequested,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      await api.delay(PUSH_STATUS_CHECK_MS);
      if (!pushSupported()) {
        api.dispatch(pushUnsupported());
        return;
      }
      const subscription = await browserSubscription().catch(() => null);
      api.dispatch(pushStatusChecked({ subscribed: subscription !== null }));
      if (subscription) await resynchronise(api, subscription);
    },
  });
  startListening({
    actionCreator: pushSwitchToggled,
    effect: async (action, api) => {
      if (action.payload) await turnOn(api);
      else await turnOff(api);
    },
  });
  startListening({
    actionCreator: pushTestRequested,
    effect: async (_action, api) => {
      try {
        await sendTest(api);
      } finally {
        api.dispatch(pushTestFinished());
      }
    },
  });
  startListening({
    actionCreator: notificationReceived,
    effect: (action, api) => {
      // The same notification again (a socket reconnect) was told already.
      if (selectRecentNotifications(api.getOriginalState()).some((each) => each.id === action.payload.id))
        return;
      const { title, body } = action.payload;
      api.dispatch(showSnackbar('info', { text: body ? `${title}: ${body}` : title }));
    },
  });
}
