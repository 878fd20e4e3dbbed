import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type { SubscriptionResponse } from '../../../src/contract/Subscription';
import { authUser, requireRole } from '../../http/requireRole';

const limitsSchema = { type: 'object', additionalProperties: { type: 'number' } };

const subscriptionSchema = {
  type: ['object', 'null'],
  required: ['status', 'end', 'plan', 'usage'],
  properties: {
    status: { type: 'string' },
    end: { type: 'string' },
    cancelAtPeriodEnd: { type: 'boolean' },
    plan: {
      type: 'object',
      required: ['product', 'limits'],
      properties: { product: { type: 'string' }, limits: limitsSchema },
    },
    usage: limitsSchema,
  },
};

/** `GET /v1/secure/subscriptions` (spec §7): the caller's plan, limits and usage of this period. */
export async function subscriptionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Reply: SubscriptionResponse }>(
    '/subscriptions',
    {
      preHandler: requireRole(ctx),
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['subscription'],
            properties: { subscription: subscriptionSchema },
          },
        },
      },
    },
    async (request, reply) => {
      // Usage changes with every search: never let a browser or proxy cache this answer.
      reply.header('cache-control', 'no-store');
      return { subscription: await ctx.subscriptions.current(authUser(request).id) };
    },
  );
}
