import { mainApi } from '../../api/mainApi';
import type {
  PushSubscriptionRequest,
  PushSubscriptionSaved,
  PushSubscriptionsResponse,
  PushTestRequest,
  PushTestResponse,
} from '../../contract/PushNotifications';

/** The push-subscription calls of spec §7 under /v1/secure/settings. */
export const pushEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** The server's public push key and the user's subscribed devices. */
    getPushSubscriptions: build.query<PushSubscriptionsResponse, void>({
      query: () => 'settings/push-subscription',
      providesTags: ['PushSubscription'],
    }),
    /** Subscribe this device, or unsubscribe it (`subscription: null` with its `endpoint`). */
    savePushSubscription: build.mutation<PushSubscriptionSaved, PushSubscriptionRequest>({
      query: (body) => ({ url: 'settings/push-subscription', method: 'POST', body }),
      invalidatesTags: ['PushSubscription'],
    }),
    sendTestNotification: build.mutation<PushTestResponse, PushTestRequest>({
      query: (body) => ({ url: 'settings/push-subscription/test', method: 'POST', body }),
      // A 404/410 answer means the server forgot this device.
      invalidatesTags: ['PushSubscription'],
    }),
  }),
});
