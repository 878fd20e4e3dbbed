import type { FastifyInstance } from 'fastify';
import { COUPON_CODE_PATTERN, INVALID_COUPON_MESSAGE, type CouponQuote } from '../../../src/contract/Coupons';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { ACCOUNT_MESSAGES } from '../../services/accounts/AccountError';
import { PaymentsNotConfiguredError } from '../../services/billing/PaymentProvider';

const quoteBody = {
  type: 'object',
  required: ['code', 'lookup_key'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 100 },
    lookup_key: { type: 'string', minLength: 1, maxLength: 100 },
  },
};

/**
 * `POST /v1/secure/payment/coupon-quote` (bearer): the plan's price with a coupon, so the plan summary
 * shows the discounted price before paying. Any code that cannot be used answers the
 * same 400 `{error: true, message: 'Invalid coupon code'}` (spec §8), whatever the reason.
 */
export async function couponRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const code = new RegExp(COUPON_CODE_PATTERN);
  app.post<{ Body: { code: string; lookup_key: string } }>(
    '/coupon-quote',
    { preHandler: requireRole(ctx), schema: { body: quoteBody } },
    async (request, reply) => {
      const { perUser, perAddress } = ctx.payments.couponQuoteLimits;
      for (const result of [await perUser.hit(authUser(request).id), await perAddress.hit(request.ip)]) {
        if (result.allowed) continue;
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
        return reply
          .code(429)
          .header('retry-after', String(result.retryAfterSeconds))
          .send({ error: true, message: ACCOUNT_MESSAGES.tooManyAttempts(minutes) });
      }
      const plan = await ctx.plans.byLookupKey(request.body.lookup_key);
      if (!plan)
        return reply.code(400).send({ error: true, message: `Unknown plan: ${request.body.lookup_key}` });
      const typed = request.body.code.trim();
      let quote: CouponQuote | null = null;
      try {
        quote = code.test(typed) ? await ctx.payments.provider.quoteCoupon(typed, plan) : null;
      } catch (error) {
        if (error instanceof PaymentsNotConfiguredError)
          return reply.code(503).send({ error: true, message: error.message });
        request.log.error({ err: error }, 'coupon quote failed');
        return reply.code(502).send({
          error: true,
          message: 'The payment provider could not be reached. Please try again later',
        });
      }
      if (!quote) return reply.code(400).send({ error: true, message: INVALID_COUPON_MESSAGE });
      const { providerId: _internal, ...answer } = quote as CouponQuote & { providerId?: string };
      return answer;
    },
  );
}
