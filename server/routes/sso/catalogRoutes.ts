import type { FastifyInstance } from 'fastify';
import type { Plan } from '../../../src/contract/Subscription';
import type { AppContext } from '../../AppContext';

const cantonsSchema = {
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        properties: { _id: { type: 'string' }, code: { type: 'string' }, urlOREB: { type: 'string' } },
      },
    },
  },
} as const;

const planSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'details',
    'cost',
    'amount',
    'taxPerc',
    'limits',
    'interval',
    'interval_count',
    'lookupKey',
  ],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    details: { type: 'string' },
    cost: { type: 'string' },
    amount: { type: 'number' },
    taxPerc: { type: 'number' },
    limits: {
      type: 'object',
      properties: {
        max_advance_search: { type: 'integer' },
        max_full_view: { type: 'integer' },
        max_report_download: { type: 'integer' },
      },
    },
    interval: { type: 'string' },
    interval_count: { type: 'integer' },
    providerPlanId: { type: 'string' },
    lookupKey: { type: 'string' },
  },
};

/**
 * The public catalogues of the SSO host (no token): the cantons with their ÖREB portals, and the plans.
 */
export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** GET /api/user/cantons: every canton with its ÖREB cadastre portal (spec §3, §7). */
  app.get('/api/user/cantons', { schema: cantonsSchema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return (await ctx.parcels.cantons()).map(({ _id, code, urlOREB }) => ({ _id, code, urlOREB }));
  });

  /**
   * `GET /api/plans`: the plan catalogue, public because the Plans and Checkout screens are public
   * routes (spec §2). The spec lists no such call; this is our addition, on the SSO/public host.
   */
  app.get<{ Reply: Plan[] }>(
    '/api/plans',
    { schema: { response: { 200: { type: 'array', items: planSchema } } } },
    async () => ctx.plans.list(),
  );
}
