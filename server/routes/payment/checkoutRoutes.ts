import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVALID_COUPON_MESSAGE } from '../../../src/contract/Coupons';
import type { AppContext } from '../../AppContext';
import { hasAccess } from '../../../src/lib/accessCheck';
import { ACCESS_DENIED } from '../../http/requireRole';
import { PaymentsNotConfiguredError } from '../../services/billing/PaymentProvider';
import type { AuthUser } from '../../services/tokens/TokenService';
import type { TestPageGrants } from './testPageGrant';
import { ERROR_REPLY_SCHEMA } from '../../http/registerErrorHandling';

interface CheckoutBody {
  email?: string;
  lookup_key: string;
  amount?: number;
  token: string;
  /** A coupon code; empty for none. */
  coupon?: string;
}

const checkoutBody = {
  type: 'object',
  required: ['lookup_key', 'token'],
  properties: {
    email: { type: 'string', maxLength: 254 },
    lookup_key: { type: 'string', minLength: 1, maxLength: 100 },
    amount: { type: 'number', minimum: 0 },
    token: { type: 'string', minLength: 1, maxLength: 4096 },
    coupon: { type: 'string', maxLength: 100 },
  },
};

const portalBody = {
  type: 'object',
  required: ['session_id', 'token'],
  properties: {
    session_id: { type: 'string', minLength: 1, maxLength: 300 },
    token: { type: 'string', minLength: 1, maxLength: 4096 },
  },
};

/**
 * The payment host's form posts (spec §7). They are browser form submissions, so the main-server token
 * travels as a form field and is verified here; success is a 303 to the provider's hosted page.
 */
export async function checkoutRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  grants: TestPageGrants,
): Promise<void> {
  const { plans } = ctx;
  const { provider } = ctx.payments;

  /** The signed-in MAPUSER the form's token names, or the 401/403 answer already sent. */
  async function formUser(token: string, reply: FastifyReply, expired: string): Promise<AuthUser | null> {
    try {
      const user = await ctx.resolveSession(await ctx.tokens.verify('main', token));
      if (!user) throw new Error('session ended');
      if (!hasAccess(user.roles, 'MAPUSER')) {
        reply.code(403).send({ error: true, message: ACCESS_DENIED });
        return null;
      }
      return user;
    } catch {
      reply.code(401).send({ error: true, message: expired });
      return null;
    }
  }

  app.post<{ Body: CheckoutBody }>(
    '/create-checkout-session',
    { schema: { body: checkoutBody, response: { '4xx': ERROR_REPLY_SCHEMA, '5xx': ERROR_REPLY_SCHEMA } } },
    async (request, reply) => {
      const { email = '', lookup_key: lookupKey, amount, token, coupon = '' } = request.body;
      const user = await formUser(
        token,
        reply,
        'Your session has expired. Please log in again and choose your plan',
      );
      if (!user) return reply;
      const userId = user.id;
      const plan = await plans.byLookupKey(lookupKey);
      if (!plan) return reply.code(400).send({ error: true, message: `Unknown plan: ${lookupKey}` });
      let price = plan.amount;
      const couponCode = coupon.trim() || undefined;
      if (couponCode) {
        let quote = null;
        try {
          quote = await provider.quoteCoupon(couponCode, plan);
        } catch (error) {
          if (error instanceof PaymentsNotConfiguredError)
            return reply.code(503).send({ error: true, message: error.message });
          throw error;
        }
        if (!quote) return reply.code(400).send({ error: true, message: INVALID_COUPON_MESSAGE });
        price = quote.amount;
      }
      // The price always comes from our catalogue (and the coupon); a different amount means the page
      // showed a stale price.
      if (amount !== undefined && Math.round(amount * 100) !== Math.round(price * 100)) {
        return reply.code(400).send({
          error: true,
          message: 'The amount does not match the plan price. Please reload the plans and try again',
        });
      }
      let url: string;
      try {
        url = await provider.createCheckoutSession({
          plan,
          userId,
          email,
          couponCode,
          successUrl: `${ctx.config.publicUrl}/payment/success/{CHECKOUT_SESSION_ID}?product=${encodeURIComponent(plan.name)}`,
          cancelUrl: `${ctx.config.publicUrl}/payment/canceled`,
        });
      } catch (error) {
        if (error instanceof PaymentsNotConfiguredError)
          return reply.code(503).send({ error: true, message: error.message });
        request.log.error({ err: error }, 'checkout session could not be created');
        return reply.code(502).send({
          error: true,
          message: 'The payment provider could not be reached. Please try again later',
        });
      }
      grants.grant(reply, url);
      return reply.redirect(url, 303);
    },
  );

  // Only the buyer (their token, as a form field) may open the billing portal of their checkout.
  app.post<{ Body: { session_id: string; token: string } }>(
    '/create-portal-session',
    { schema: { body: portalBody, response: { '4xx': ERROR_REPLY_SCHEMA, '5xx': ERROR_REPLY_SCHEMA } } },
    async (request, reply) => {
      const user = await formUser(
        request.body.token,
        reply,
        'Your session has expired. Please log in again to manage your billing',
      );
      if (!user) return reply;
      let url: string | null;
      try {
        url = await provider.createPortalSession(
          request.body.session_id,
          `${ctx.config.publicUrl}/`,
          user.id,
        );
      } catch (error) {
        if (error instanceof PaymentsNotConfiguredError)
          return reply.code(503).send({ error: true, message: error.message });
        request.log.error({ err: error }, 'portal session could not be created');
        return reply.code(502).send({
          error: true,
          message: 'The payment provider could not be reached. Please try again later',
        });
      }
      if (!url)
        return reply.code(404).send({ error: true, message: 'No subscription was found for this checkout' });
      grants.grant(reply, url);
      return reply.redirect(url, 303);
    },
  );
}
