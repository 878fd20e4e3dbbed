import { mainApi } from '../../api/mainApi';
import { ssoApi } from '../../api/ssoApi';
import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/storeTypes';
import type { Plan, SubscriptionResponse } from '../../contract/Subscription';
import { selectIsLoggedIn } from '../auth/sessionSlice';

/** `GET /api/plans`: the public plan catalogue (our addition; the Plans and Checkout screens are public). */
export const plansEndpoints = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => 'api/plans',
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useGetPlansQuery } = plansEndpoints;

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

const selectSubscriptionResult = subscriptionEndpoints.endpoints.getSubscription.select();

/** The product name of the user's plan from the cached subscription (the map layout's Plan button), or null. */
export function selectPlanProductName(state: RootState): string | null {
  return selectSubscriptionResult(state).data?.subscription?.plan.product ?? null;
}

/** The plan's product name for the Plan button; subscribes to (and so loads) the subscription when logged in. */
export function usePlanProductName(): string | null {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useGetSubscriptionQuery(undefined, { skip: !loggedIn });
  return data?.subscription?.plan.product ?? null;
}
