import { mainApi } from '../../api/mainApi';
import type { SubscriptionResponse } from '../../contract/Subscription';

/**
 * `GET /v1/secure/subscriptions` (spec §7): loaded at start (the plan dialog is mounted with the map
 * layout) and again each time the dialog opens, which invalidates the `Subscription` tag.
 */
export const subscriptionEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionResponse, void>({
      query: () => 'subscriptions',
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSubscriptionQuery } = subscriptionEndpoints;
