import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVALID_COUPON_MESSAGE } from '../../../src/contract/Coupons';
import type { AppContext } from '../../AppContext';
import type { CheckoutSessionRecord } from '../../store/contract/subscriptions/PaymentRepositories';
import type { PaymentEvent } from '../../services/billing/PaymentProvider';
import {
  buildTestEvent,
  checkTestCard,
  PAYMENT_PREFIX,
  randomId,
  signTestEvent,
} from '../../services/billing/testProvider';
import { renderPaymentPage, renderTestCheckoutPage, renderTestPortalPage } from './testPaymentPages';
import type { TestPage, TestPageGrants } from './testPageGrant';
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
};
const payBody = {
  type: 'object',
  properties: {
    card_number: { type: 'string', maxLength: 40 },
    expiry: { type: 'string' },
    cvc: { type: 'string' },
  },
};

/** The coupon price of a checkout, for its page. */
function discountOf(session: CheckoutSessionRecord) {
  return session.couponCode
    ? { amountCents: session.amountCents, couponCode: session.couponCode }
    : undefined;
}

function html(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    )
    .send(page);
}

const gone = (title: string, text: string) => renderPaymentPage(title, `<h1>${title}</h1><p>${text}</p>`);
const CHECKOUT_NOT_FOUND = gone('Checkout not found', 'This checkout does not exist.');
const CHECKOUT_ENDED = gone('Checkout ended', 'This checkout was cancelled.');
const NOT_YOURS = gone(
  'Not available',
  'This payment page belongs to another browser session. Start again from Parcel Atlas.',
);
const PORTAL_EXPIRED = gone(
  'Link expired',
  'This billing link has expired. Open it again from Parcel Atlas.',
);

/**
 * The built-in provider's hosted pages (only without Stripe keys). Pay and the portal's cancel send a
 * signed, Stripe-shaped event through processWebhook, the same path Stripe's webhook takes, then redirect
 * the way Stripe does.
 */
export async function testCheckoutRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  grants: TestPageGrants,
): Promise<void> {
  const { plans } = ctx;

  // Every page and action answers only the browser the buyer's verified form post was made from.
  app.addHook('preHandler', async (request, reply) => {
    const match = /\/test-(checkout|portal)\/([^/?]+)/.exec(request.url);
    if (!match) return;
    if (!grants.allows(request, match[1] as TestPage, decodeURIComponent(match[2])))
      return html(reply, 403, NOT_YOURS);
  });
  const { checkoutSessions: checkouts, portalSessions: portals, subscriptions, webhooks } = ctx.payments;

  /**
   * The open checkout and its plan, or null once it has answered for a checkout that cannot be paid:
   * unknown (404), already paid (back to the success page, as Stripe does) or cancelled (410).
   */
  async function openCheckout(id: string, reply: FastifyReply) {
    const session = await checkouts.byId(id);
    const plan = session ? await plans.byId(session.planId) : null;
    if (!session || !plan) {
      html(reply, 404, CHECKOUT_NOT_FOUND);
      return null;
    }
    if (session.status === 'complete') {
      reply.redirect(session.successUrl, 303);
      return null;
    }
    if (session.status === 'expired') {
      html(reply, 410, CHECKOUT_ENDED);
      return null;
    }
    return { session, plan };
  }

  async function deliver(event: PaymentEvent): Promise<void> {
    const payload = JSON.stringify({ object: 'event', livemode: false, ...event });
    await webhooks.process(payload, await signTestEvent(payload, webhooks.webhookSecret));
  }

  app.get<{ Params: { id: string } }>(
    '/test-checkout/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const open = await openCheckout(request.params.id, reply);
      if (!open) return reply;
      const { session, plan } = open;
      return html(
        reply,
        200,
        renderTestCheckoutPage({
          sessionId: session.id,
          plan,
          email: session.email,
          discounted: discountOf(session),
        }),
      );
    },
  );

  app.post<{ Params: { id: string }; Body: { card_number?: string } }>(
    '/test-checkout/:id/pay',
    { schema: { params: idParams, body: payBody } },
    async (request, reply) => {
      const open = await openCheckout(request.params.id, reply);
      if (!open) return reply;
      const { session, plan } = open;
      const cardNumber = request.body?.card_number ?? '';
      const refusal = checkTestCard(cardNumber);
      if (refusal) {
        return html(
          reply,
          402,
          renderTestCheckoutPage({
            sessionId: session.id,
            plan,
            email: session.email,
            discounted: discountOf(session),
            error: refusal,
            cardNumber,
          }),
        );
      }
      // The coupon is redeemed now, once, against its cap (one conditional UPDATE): two buyers racing for
      // its last use cannot both have it.
      if (session.couponCode && !(await ctx.payments.coupons.tryRedeem(session.couponCode, new Date()))) {
        return html(
          reply,
          402,
          renderTestCheckoutPage({
            sessionId: session.id,
            plan,
            email: session.email,
            discounted: discountOf(session),
            error: INVALID_COUPON_MESSAGE,
            cardNumber,
          }),
        );
      }
      await deliver(
        buildTestEvent('checkout.session.completed', {
          id: session.id,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          status: 'complete',
          client_reference_id: session.userId,
          customer: `cus_test_${session.userId}`,
          customer_email: session.email,
          subscription: randomId('sub_test_'),
          amount_total: session.amountCents,
          currency: 'chf',
          metadata: { userId: session.userId, lookup_key: plan.lookupKey },
        }),
      );
      return reply.redirect(session.successUrl, 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/test-checkout/:id/cancel',
    { schema: { params: idParams } },
    async (request, reply) => {
      const session = await checkouts.byId(request.params.id);
      if (!session) return html(reply, 404, CHECKOUT_NOT_FOUND);
      await checkouts.close(session.id, 'expired');
      return reply.redirect(session.cancelUrl, 303);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/test-portal/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const portal = await portals.live(request.params.id, new Date());
      if (!portal) return html(reply, 404, PORTAL_EXPIRED);
      return html(
        reply,
        200,
        renderTestPortalPage(portal.id, await subscriptions.byUser(portal.userId), portal.returnUrl),
      );
    },
  );

  for (const [action, cancelAtPeriodEnd] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/test-portal/:id/${action}`,
      { schema: { params: idParams } },
      async (request, reply) => {
        const portal = await portals.live(request.params.id, new Date());
        if (!portal) return html(reply, 404, PORTAL_EXPIRED);
        const subscription = await subscriptions.byUser(portal.userId);
        if (
          subscription?.provider === 'test' &&
          subscription.providerSubscriptionId &&
          subscription.status === 'active'
        ) {
          await deliver(
            buildTestEvent('customer.subscription.updated', {
              id: subscription.providerSubscriptionId,
              object: 'subscription',
              status: subscription.status,
              cancel_at_period_end: cancelAtPeriodEnd,
            }),
          );
        }
        return reply.redirect(`${PAYMENT_PREFIX}/test-portal/${encodeURIComponent(portal.id)}`, 303);
      },
    );
  }
}
