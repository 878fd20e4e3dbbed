import type { FastifyInstance } from 'fastify';
import type { CouponCreateRequest, CouponListResponse } from '../../../src/contract/Coupons';
import type { AppContext } from '../../AppContext';
import { requireRole } from '../../http/requireRole';
import { normaliseCouponCode, toCoupon, validateNewCoupon } from '../../services/billing/couponPricing';

const createBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 100 },
    percentOff: { type: 'number' },
    amountOff: { type: 'number' },
    expiresAt: { type: 'string', maxLength: 40 },
    maxRedemptions: { type: 'number' },
  },
};

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 100 } },
};

/**
 * The built-in provider's coupons for admins (ADMIN, or SUPER), under /v1/secure:
 * `GET admin/coupons`, `POST admin/coupons` (create), `DELETE admin/coupons/{code}` (disable; the record
 * and its redemptions stay). With Stripe, coupons are Stripe promotion codes managed in Stripe.
 */
export async function couponAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { preHandler: requireRole(ctx, 'ADMIN') };
  const coupons = ctx.payments.coupons;

  app.get('/admin/coupons', options, async (): Promise<CouponListResponse> => ({
    coupons: (await coupons.list()).map(toCoupon),
  }));

  app.post<{ Body: CouponCreateRequest }>(
    '/admin/coupons',
    { ...options, schema: { body: createBody } },
    async (request, reply) => {
      const coupon = validateNewCoupon(request.body, new Date());
      if (typeof coupon === 'string') return reply.code(400).send({ error: true, message: coupon });
      const created = await ctx.unitOfWork(() => coupons.create(coupon, new Date()));
      if (!created)
        return reply.code(409).send({ error: true, message: `A coupon ${coupon.code} exists already` });
      return { error: false, message: `Coupon ${coupon.code} created` };
    },
  );

  app.delete<{ Params: { code: string } }>(
    '/admin/coupons/:code',
    { ...options, schema: { params: codeParams } },
    async (request, reply) => {
      const code = normaliseCouponCode(request.params.code);
      if (!(await ctx.unitOfWork(() => coupons.deactivate(code))))
        return reply.code(404).send({ error: true, message: `No coupon ${code}` });
      return { error: false, message: `Coupon ${code} disabled` };
    },
  );
}
