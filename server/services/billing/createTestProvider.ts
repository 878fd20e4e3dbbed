import type { Database } from 'better-sqlite3';
import { createCheckoutSessionRepository, createPortalSessionRepository } from '../../store/subscriptions/PaymentRepositories';
import type { PaymentProvider } from './PaymentProvider';
import { randomId } from './randomId';

/** Where the payment API is mounted; the test pages live under it. */
export const PAYMENT_PREFIX = '/v1/secure/payment';

const PORTAL_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The built-in provider used without Stripe keys: checkout and portal pages served by this server
 * (routes in server/payment/testCheckoutRoutes.ts). The URLs are relative, so they resolve against
 * whichever host the payment form was posted to.
 */
export function createTestProvider(db: Database, webhookSecret: string): PaymentProvider {
  const checkouts = createCheckoutSessionRepository(db);
  const portals = createPortalSessionRepository(db);
  return {
    name: 'test',
    webhookSecret,
    async createCheckoutSession({ plan, userId, email, successUrl, cancelUrl }) {
      const id = randomId('cs_test_');
      checkouts.create({
        id,
        userId,
        email,
        planId: plan.id,
        amountCents: Math.round(plan.amount * 100),
        status: 'open',
        successUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl,
        createdAt: new Date().toISOString(),
      });
      return `${PAYMENT_PREFIX}/test-checkout/${id}`;
    },
    async createPortalSession(checkoutSessionId, returnUrl) {
      const checkout = checkouts.byId(checkoutSessionId);
      if (!checkout || checkout.status !== 'complete') return null;
      const id = randomId('bps_test_');
      portals.create({
        id,
        userId: checkout.userId,
        returnUrl,
        expiresAt: new Date(Date.now() + PORTAL_LIFETIME_MS).toISOString(),
      });
      return `${PAYMENT_PREFIX}/test-portal/${id}`;
    },
  };
}
