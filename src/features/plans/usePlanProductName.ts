import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/sessionSlice';
import { useGetSubscriptionQuery } from './subscriptionEndpoints';

/** The plan's product name for the Plan button; subscribes to (and so loads) the subscription when logged in. */
export function usePlanProductName(): string | null {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useGetSubscriptionQuery(undefined, { skip: !loggedIn });
  return data?.subscription?.plan.product ?? null;
}
