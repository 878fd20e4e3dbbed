import { paymentApi } from '../../api/paymentApi';
import type { CheckoutSessionStatus } from '../../contract/Subscription';

/** `GET checkout-sessions/{id}` on the payment host: is this checkout the user's, and was it paid? */
export const checkoutStatusEndpoint = paymentApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutStatus: build.query<CheckoutSessionStatus, string>({
      query: (sessionId) => `checkout-sessions/${encodeURIComponent(sessionId)}`,
    }),
  }),
});

export const { useGetCheckoutStatusQuery } = checkoutStatusEndpoint;
