import { mainApi } from '../../api/mainApi';
import { runtimeConfig } from '../../config/runtimeConfig';
import type { AppStartListening, RootState } from '../../store/storeTypes';
import { NOTIFICATION_EVENT, type AppNotification } from '../../contract/PushNotifications';
import { LIST_CHANGED_EVENT } from '../../contract/ParcelLists';
import { EXPORT_JOB_EVENT, type ExportJobEvent } from '../../contract/ExportJobs';
import { exportJobsRecheck } from '../exports/exportJobListeners';
import { exportJobUpdated } from '../exports/exportJobsSlice';
import { SAVED_SEARCH_CHANGED_EVENT } from '../../contract/SavedSearches';
import { selectMainToken, selectProfile } from '../auth/sessionSlice';
import { notificationReceived } from '../notifications/notificationsSlice';
import { closeSocket, openSocket, type SocketMessage } from './socketConnection';

/** Server events that change what the plan dialog and the Plan button show. */
const SUBSCRIPTION_EVENTS = new Set(['usage-changed', 'plan-changed']);
/**
 * What the events announce changes of, fetched again when the socket comes back. The in-app notifications
 * of the gap are not: they are also sent as web pushes.
 */
const RECOVERED_ON_RECONNECT = ['Subscription', 'ParcelList', 'SavedSearch'] as const;

/** The in-app notification a 'notification' message carries (server: NotificationService), if it is one. */
function notificationIn(message: SocketMessage): AppNotification | null {
  if (message.type !== NOTIFICATION_EVENT) return null;
  const notification = (message.data as { notification?: Partial<AppNotification> } | null)?.notification;
  return typeof notification?.id === 'string' && typeof notification.title === 'string'
    ? (notification as AppNotification)
    : null;
}

/**
 * The token the socket connects with: the main-server token, except while the company's two-factor
 * requirement holds the account at the enrolment (the server refuses such a socket).
 */
function socketToken(state: RootState): string | null {
  return selectProfile(state)?.twoFactorSetupRequired ? null : selectMainToken(state);
}

/**
 * The socket follows its token: opened when one arrives (login, authorise, rehydrate, the end of a required
 * enrolment), closed on logout.
 */
export function addRealtimeListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => socketToken(current) !== socketToken(previous),
    effect: (_action, api) => {
      const token = socketToken(api.getState());
      if (!token) {
        closeSocket();
        return;
      }
      openSocket(
        runtimeConfig().socketUrl,
        token,
        (message: SocketMessage) => {
          if (SUBSCRIPTION_EVENTS.has(message.type))
            api.dispatch(mainApi.util.invalidateTags(['Subscription']));
          // A colleague changed a list this user sees: what is on screen is fetched again.
          if (message.type === LIST_CHANGED_EVENT) api.dispatch(mainApi.util.invalidateTags(['ParcelList']));
          if (message.type === SAVED_SEARCH_CHANGED_EVENT)
            api.dispatch(mainApi.util.invalidateTags(['SavedSearch']));
          if (message.type === EXPORT_JOB_EVENT) {
            const { userId: _owner, ...status } = message.data as ExportJobEvent;
            api.dispatch(exportJobUpdated(status));
          }
          const notification = notificationIn(message);
          if (notification) api.dispatch(notificationReceived(notification));
        },
        // Back after a drop (a server restarted): what the events of the gap announced is fetched again,
        // and the background exports are asked after.
        () => {
          api.dispatch(mainApi.util.invalidateTags([...RECOVERED_ON_RECONNECT]));
          api.dispatch(exportJobsRecheck());
        },
      );
    },
  });
}
