import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppNotification } from '../../contract/PushNotifications';

/**
 * Where this device stands with push (spec §4): `checking` until the status check (100 ms after the screen
 * opens) has read the browser's subscription; `unsupported` when the browser has no web push.
 */
export type PushStatus = 'checking' | 'unsupported' | 'subscribed' | 'unsubscribed';

/** The status line under the switch: a translation id and how it looks. */
export interface PushStatusMessage {
  kind: 'success' | 'info' | 'error';
  id: PushMessageId;
}

/** The status line's texts (spec §4/§8), as translation ids. */
export const PUSH_MESSAGES = {
  subscribed: 'notifications.status.subscribed',
  unsubscribed: 'notifications.status.unsubscribed',
  willReceive: 'notifications.status.willReceive',
  accessDenied: 'notifications.error.accessDenied',
  blocked: 'notifications.error.blocked',
  subscribeFailed: 'notifications.error.subscribeFailed',
} as const;
export type PushMessageId = (typeof PUSH_MESSAGES)[keyof typeof PUSH_MESSAGES];

/** How many in-app notifications the screen lists (newest first). */
export const RECENT_NOTIFICATIONS = 20;

export interface NotificationsState {
  push: PushStatus;
  /** A switch change or test is under way: the switch and the test button wait. */
  busy: boolean;
  message: PushStatusMessage | null;
  /** The notification counter (spec §3): in-app notifications not seen yet, the badge of the avatar menu. */
  unread: number;
  /** In-app notifications received over the socket since this page loaded, newest first. */
  recent: AppNotification[];
}

export const initialNotificationsState: NotificationsState = {
  push: 'checking',
  busy: false,
  message: null,
  unread: 0,
  recent: [],
};

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** The notifications screen opened: check this browser's subscription after 100 ms (listener). */
    pushStatusCheckRequested(state) {
      state.push = 'checking';
      state.message = null;
      state.busy = false;
    },
    pushUnsupported(state) {
      state.push = 'unsupported';
      state.message = null;
    },
    /** The check's result: the browser's existing subscription sets the switch and the message. */
    pushStatusChecked(state, action: PayloadAction<{ subscribed: boolean }>) {
      state.push = action.payload.subscribed ? 'subscribed' : 'unsubscribed';
      state.message = {
        kind: 'info',
        id: action.payload.subscribed ? PUSH_MESSAGES.subscribed : PUSH_MESSAGES.unsubscribed,
      };
    },
    /** The switch was turned on or off (the listener asks for permission and subscribes, or unsubscribes). */
    pushSwitchToggled(state, _action: PayloadAction<boolean>) {
      state.busy = true;
      state.message = null;
    },
    pushSubscribed(state) {
      state.busy = false;
      state.push = 'subscribed';
      state.message = { kind: 'success', id: PUSH_MESSAGES.willReceive };
    },
    pushUnsubscribed(state) {
      state.busy = false;
      state.push = 'unsubscribed';
      state.message = { kind: 'info', id: PUSH_MESSAGES.unsubscribed };
    },
    /** Turning on failed (denied, blocked, or the subscription failed): the switch reverts to off. */
    pushSubscribeFailed(state, action: PayloadAction<PushMessageId>) {
      state.busy = false;
      state.push = 'unsubscribed';
      state.message = { kind: 'error', id: action.payload };
    },
    /** 'Send test notification' was pressed (the listener calls the server). */
    pushTestRequested(state) {
      state.busy = true;
    },
    pushTestFinished(state) {
      state.busy = false;
    },
    /** An in-app notification arrived over the socket. */
    notificationReceived(state, action: PayloadAction<AppNotification>) {
      if (state.recent.some((each) => each.id === action.payload.id)) return;
      state.recent = [action.payload, ...state.recent].slice(0, RECENT_NOTIFICATIONS);
      state.unread += 1;
    },
    /** The user has looked at the notifications: the counter goes back to 0. */
    notificationsSeen(state) {
      state.unread = 0;
    },
  },
  selectors: {
    selectPushStatus: (state) => state.push,
    selectPushBusy: (state) => state.busy,
    selectPushMessage: (state) => state.message,
    selectUnreadNotifications: (state) => state.unread,
    selectRecentNotifications: (state) => state.recent,
  },
});

export const {
  pushStatusCheckRequested,
  pushUnsupported,
  pushStatusChecked,
  pushSwitchToggled,
  pushSubscribed,
  pushUnsubscribed,
  pushSubscribeFailed,
  pushTestRequested,
  pushTestFinished,
  notificationReceived,
  notificationsSeen,
} = notificationsSlice.actions;

export const {
  selectPushStatus,
  selectPushBusy,
  selectPushMessage,
  selectUnreadNotifications,
  selectRecentNotifications,
} = notificationsSlice.selectors;
