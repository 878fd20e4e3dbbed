import type { Plan } from '../../../src/contract/Subscription';

export interface CheckoutRequest {
  plan: Plan;
  userId: string;
  email: string;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider fills in (Stripe's convention). */
  successUrl: string;
  cancelUrl: string;
}

/** A hosted checkout and billing portal: Stripe, or the built-in test checkout when no keys are set. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Secret the webhook signatures are verified with. */
  readonly webhookSecret: string;
  /** Creates a subscription checkout; resolves to the URL of the hosted payment page. */
  createCheckoutSession(request: CheckoutRequest): Promise<string>;
  /** The billing portal URL for the customer of a finished checkout; null for an unknown session. */
  createPortalSession(checkoutSessionId: string, returnUrl: string): Promise<string | null>;
}
