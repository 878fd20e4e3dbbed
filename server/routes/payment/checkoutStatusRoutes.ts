import type { FastifyInstance } from 'fastify';
import type { CheckoutSessionStatus } from '../../../src/contract/Subscription';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 300 } },
};

/**
 * `GET /v1/secure/payment/checkout-sessions/{id}` (bearer): the payment success page asks the server
 * whether this checkout is the signed-in user's and whether it was paid, instead of believing its URL.
 * Someone else's or an unknown checkout answers 404, the same, so ids cannot be probed.
 */
export async function checkoutStatusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/checkout-sessions/:id',
    { preHandler: requireRole(ctx), schema: { params } },
    async (request, reply) => {
      const outcome = await ctx.payments.provider.checkoutOutcome(request.params.id, authUser(request).id);
      if (!outcome)
        return reply.code(404).send({ error: true, message: 'No checkout was found for this link' });
      const plan = outcome.lookupKey ? await ctx.plans.byLookupKey(outcome.lookupKey) : null;
      const answer: CheckoutSessionStatus = { status: outcome.status, product: plan?.name ?? null };
      return answer;
    },
  );
}
