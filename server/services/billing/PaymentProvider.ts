import crypto from 'node:crypto';
import type { CouponQuote } from '../../../src/contract/Coupons';
import type { Plan } from '../../../src/contract/Subscription';
import type { Config } from '../../config';
import type { Stores } from '../../store/contract/Stores';
import { createStripeProvider } from './createStripeProvider';
import { loadStripe } from './paymentEvents';
import { createTestProvider, testWebhookSecret } from './testProvider';

export interface CheckoutRequest {
  plan: Plan;
  userId: string;
  email: string;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider fills in (Stripe's convention). */
  successUrl: string;
  cancelUrl: string;
  /** A coupon code the provider accepted for this plan (quoteCoupon), applied to the price. */
  couponCode?: string;
}

/** A coupon quote plus what the provider needs to apply it (Stripe's promotion code id). */
export interface ProviderCouponQuote extends CouponQuote {
  providerId?: string;
}

/** Thrown by the 'none' provider: the routes answer 503 with its message. */
export class PaymentsNotConfiguredError extends Error {
  constructor() {
    super('Payments are not configured on this server. Please contact the operator');
  }
}

/** A hosted checkout and billing portal: Stripe, the built-in test checkout, or none (see PAYMENT_PROVIDER). */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test' | 'none';
  /** Secret the webhook signatures are verified with. */
  readonly webhookSecret: string;
  /** Creates a subscription checkout; resolves to the URL of the hosted payment page. */
  createCheckoutSession(request: CheckoutRequest): Promise<string>;
  /**
   * The billing portal URL for the customer of a finished checkout; null for an unknown session or one
   * `userId` (the signed-in user asking) did not pay for.
   */
  createPortalSession(checkoutSessionId: string, returnUrl: string, userId: string): Promise<string | null>;
  /**
   * The state of a checkout and the lookup key of its plan; null for an unknown session or one `userId`
   * did not start (the payment success page asks).
   */
  checkoutOutcome(checkoutSessionId: string, userId: string): Promise<CheckoutOutcome | null>;
  /**
   * The plan's price with a coupon, or null when the code cannot be used (unknown, expired, used up,
   * disabled): Stripe promotion codes with Stripe, the coupons table with the built-in provider.
   */
  quoteCoupon(code: string, plan: Plan): Promise<ProviderCouponQuote | null>;
}

export interface CheckoutOutcome {
  status: 'open' | 'complete' | 'expired';
  lookupKey: string | null;
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

/** No provider: every checkout and portal call is refused, and no webhook signature can verify. */
function createNoPaymentProvider(): PaymentProvider {
  return {
    name: 'none',
    // A secret nobody holds: a webhook event can never verify.
    webhookSecret: `whsec_${crypto.randomBytes(32).toString('base64url')}`,
    createCheckoutSession: () => Promise.reject(new PaymentsNotConfiguredError()),
    createPortalSession: () => Promise.reject(new PaymentsNotConfiguredError()),
    checkoutOutcome: () => Promise.resolve(null),
    quoteCoupon: () => Promise.reject(new PaymentsNotConfiguredError()),
  };
}

/**
 * The provider config.paymentProvider names: Stripe (config checked its keys), the built-in test
 * checkout only when chosen (PAYMENT_PROVIDER=test, or by default outside production), else none.
 */
export async function createPaymentProvider(
  config: Config,
  stores: Pick<Stores, 'checkoutSessions' | 'portalSessions' | 'plans' | 'coupons'>,
): Promise<PaymentProvider> {
  switch (config.paymentProvider) {
    case 'stripe': {
      const Stripe = await loadStripe();
      return createStripeProvider(
        new Stripe(config.stripeSecretKey as string),
        config.stripeWebhookSecret as string,
      );
    }
    case 'test':
      return createTestProvider(stores, testWebhookSecret(config.dataDir));
    case 'none':
      return createNoPaymentProvider();
  }
}

/** The line logged at start when the test checkout takes the payments. */
export const TEST_PROVIDER_WARNING =
  'PAYMENT_PROVIDER=test: the built-in TEST checkout is active and grants paid plans without charging anyone. Never use it in production';
