import type Stripe from 'stripe';
import { couponQuote } from './couponPricing';
import type { PaymentProvider } from './PaymentProvider';

/**
 * Stripe Checkout in subscription mode and Stripe's billing portal. The price is found by the plan's
 * lookup key (set it on the Stripe price), falling back to the plan's provider plan id. Fulfilment never
 * happens here or on the redirect: only the signed webhook changes a subscription.
 */
export function createStripeProvider(stripe: Stripe, webhookSecret: string): PaymentProvider {
  /**
   * A Stripe promotion code (customer-facing code of a coupon): active, its coupon valid, in CHF when it is
   * an amount off. Stripe itself enforces its expiry and redemption limits at checkout.
   */
  const quoteCoupon: PaymentProvider['quoteCoupon'] = async (code, plan) => {
    const found = await stripe.promotionCodes.list({
      code: code.trim(),
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    });
    const promotion = found.data[0];
    const coupon = promotion?.promotion.coupon;
    if (!promotion || !coupon || typeof coupon === 'string' || !coupon.valid) return null;
    if (coupon.amount_off !== null && coupon.currency?.toLowerCase() !== 'chf') return null;
    const quote = couponQuote(promotion.code, Math.round(plan.amount * 100), {
      percentOff: coupon.percent_off,
      amountOffCents: coupon.amount_off,
    });
    return { ...quote, providerId: promotion.id };
  };
  return {
    name: 'stripe',
    webhookSecret,
    quoteCoupon,
    async createCheckoutSession({ plan, userId, email, successUrl, cancelUrl, couponCode }) {
      const prices = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
      const metadata = { userId, lookup_key: plan.lookupKey };
      const promotion = couponCode ? await quoteCoupon(couponCode, plan) : null;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        ...(promotion?.providerId ? { discounts: [{ promotion_code: promotion.providerId }] } : {}),
        line_items: [{ price: prices.data[0]?.id ?? plan.providerPlanId, quantity: 1 }],
        client_reference_id: userId,
        ...(email ? { customer_email: email } : {}),
        metadata,
        subscription_data: { metadata },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },
    async createPortalSession(checkoutSessionId, returnUrl, userId) {
      let customer: string | null = null;
      try {
        const session = await stripe.checkout.sessions.retrieve(checkoutSessionId);
        // Only the user who paid (client_reference_id, set at checkout) may manage that customer.
        if (session.client_reference_id !== userId) return null;
        customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
      } catch {
        return null;
      }
      if (!customer) return null;
      const portal = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return portal.url;
    },
    async checkoutOutcome(checkoutSessionId, userId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(checkoutSessionId);
        if (session.client_reference_id !== userId) return null;
        const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
        const status = session.status === 'complete' && paid ? 'complete' : (session.status ?? 'open');
        return { status, lookupKey: session.metadata?.lookup_key ?? null };
      } catch {
        return null;
      }
    },
  };
}
