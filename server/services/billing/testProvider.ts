import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Stores } from '../../store/contract/Stores';
import { couponQuote, normaliseCouponCode } from './couponPricing';
import { loadStripe } from './paymentEvents';
import type { PaymentEvent, PaymentProvider } from './PaymentProvider';

/**
 * The built-in provider used without Stripe keys: checkout and portal pages served by this server
 * (routes in server/routes/payment/testCheckoutRoutes.ts) that behave like Stripe's hosted ones, events
 * signed the way Stripe signs them, and Stripe's test cards.
 */

/** A provider-style id with an unguessable body, e.g. `cs_test_3kTq…`. */
export function randomId(prefix: string): string {
  return `${prefix}${crypto.randomBytes(18).toString('base64url')}`;
}

/**
 * The signing secret of the built-in test checkout's webhook events, kept under DATA_DIR (like the JWT
 * secret) so it survives restarts and is never sent to a browser.
 */
export function testWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'payment-webhook-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The `stripe-signature` header Stripe would send for this payload (used by the built-in test checkout). */
export async function signTestEvent(payload: string, webhookSecret: string): Promise<string> {
  const Stripe = await loadStripe();
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
}

/** A Stripe-shaped event as the built-in test checkout sends it to the webhook path. */
export function buildTestEvent(
  type: string,
  object: Record<string, unknown>,
  now: Date = new Date(),
): PaymentEvent {
  return {
    id: randomId('evt_test_'),
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object },
  };
}

/** Stripe's test card that is always declined. */
const DECLINED_CARD = '4000000000000002';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why the test checkout refuses this card number, or null when it is accepted (like Stripe's test mode). */
export function checkTestCard(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return 'Your card number is invalid.';
  if (digits === DECLINED_CARD) return 'Your card was declined.';
  return null;
}

/** Where the payment API is mounted; the test pages live under it. */
export const PAYMENT_PREFIX = '/v1/secure/payment';

const PORTAL_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The test provider itself: checkouts and portal visits stored as sessions. The URLs are relative, so
 * they resolve against whichever host the payment form was posted to.
 */
export function createTestProvider(
  {
    checkoutSessions: checkouts,
    portalSessions: portals,
    plans,
    coupons,
  }: Pick<Stores, 'checkoutSessions' | 'portalSessions' | 'plans' | 'coupons'>,
  webhookSecret: string,
): PaymentProvider {
  const quoteCoupon: PaymentProvider['quoteCoupon'] = async (code, plan) => {
    const coupon = await coupons.usable(normaliseCouponCode(code), new Date());
    return coupon ? couponQuote(coupon.code, Math.round(plan.amount * 100), coupon) : null;
  };
  return {
    name: 'test',
    webhookSecret,
    quoteCoupon,
    async createCheckoutSession({ plan, userId, email, successUrl, cancelUrl, couponCode }) {
      const id = randomId('cs_test_');
      // Priced with the coupon now; it is redeemed (counted against its cap) when the checkout is paid.
      const quote = couponCode ? await quoteCoupon(couponCode, plan) : null;
      await checkouts.create({
        id,
        userId,
        email,
        planId: plan.id,
        couponCode: quote?.code ?? null,
        amountCents: Math.round((quote ? quote.amount : plan.amount) * 100),
        status: 'open',
        successUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl,
        createdAt: new Date().toISOString(),
      });
      return `${PAYMENT_PREFIX}/test-checkout/${id}`;
    },
    async createPortalSession(checkoutSessionId, returnUrl, userId) {
      const checkout = await checkouts.byId(checkoutSessionId);
      if (!checkout || checkout.status !== 'complete' || checkout.userId !== userId) return null;
      const id = randomId('bps_test_');
      await portals.create({
        id,
        userId: checkout.userId,
        returnUrl,
        expiresAt: new Date(Date.now() + PORTAL_LIFETIME_MS).toISOString(),
      });
      return `${PAYMENT_PREFIX}/test-portal/${id}`;
    },
    async checkoutOutcome(checkoutSessionId, userId) {
      const checkout = await checkouts.byId(checkoutSessionId);
      if (!checkout || checkout.userId !== userId) return null;
      return { status: checkout.status, lookupKey: (await plans.byId(checkout.planId))?.lookupKey ?? null };
    },
  };
}
