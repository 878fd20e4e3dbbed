import type { Database } from 'better-sqlite3';
import Stripe from 'stripe';
import type { Config } from '../../config';
import type { PaymentProvider } from './PaymentProvider';
import { createStripeProvider } from './createStripeProvider';
import { createTestProvider } from './createTestProvider';
import { testWebhookSecret } from './testWebhookSecret';

/** Stripe when STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET are set (config validates them as a pair), else the test checkout. */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeProvider(new Stripe(config.stripeSecretKey), config.stripeWebhookSecret);
  }
  return createTestProvider(db, testWebhookSecret(config.dataDir));
}
