import Stripe from 'stripe';

/** The `stripe-signature` header Stripe would send for this payload (used by the built-in test checkout). */
export function signTestEvent(payload: string, webhookSecret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
}
