import Stripe from 'stripe';
import type { Plan } from '../../../src/contract/Subscription';
import type { Config } from '../../config';
import type { Stores } from '../../store/Stores';
import { createStripeProvider } from './createStripeProvider';
import { createTestProvider, testWebhookSecret } from './testProvider';

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

/**
 * The part of a provider event (Stripe's Event shape) fulfilment reads. The object is read field by
 * field with `valueAt` because Stripe moves fields between API versions (e.g. the period moved from the
 * subscription to its items, the invoice's subscription under `parent`).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> };
}

/** Stripe when STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET are set (config validates them as a pair), else the test checkout. */
export function createPaymentProvider(
  config: Config,
  stores: Pick<Stores, 'checkoutSessions' | 'portalSessions'>,
): PaymentProvider {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeProvider(new Stripe(config.stripeSecretKey), config.stripeWebhookSecret);
  }
  return createTestProvider(stores, testWebhookSecret(config.dataDir));
}
