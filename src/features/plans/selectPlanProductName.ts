import type { RootState } from '../../app/store';
import { subscriptionEndpoints } from './subscriptionEndpoints';

const selectSubscriptionResult = subscriptionEndpoints.endpoints.getSubscription.select();

/** The product name of the user's plan from the cached subscription (the map layout's Plan button), or null. */
export function selectPlanProductName(state: RootState): string | null {
  return selectSubscriptionResult(state).data?.subscription?.plan.product ?? null;
}
