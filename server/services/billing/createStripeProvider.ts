import type Stripe from 'stripe';
import type { PaymentProvider } from './PaymentProvider';

/**
 * Stripe Checkout in subscription mode and Stripe's billing portal. The price is found by the plan's
 * lookup key (set it on the Stripe price), falling back to the plan's provider plan id. Fulfilment never
 * happens here or on the redirect: only the signed webhook changes a subscription.
 */
export function createStripeProvider(stripe: Stripe, webhookSecret: string): PaymentProvider {
  return {
    name: 'stripe',
    webhookSecret,
    async createCheckoutSession({ plan, userId, email, successUrl, cancelUrl }) {
      const prices = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
      const metadata = { userId, lookup_key: plan.lookupKey };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
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
