import type { FastifyInstance } from 'fastify';
import type { Plan } from '../../../../src/contract/Subscription';
import type { AppContext } from '../../../AppContext';
import { createPlanRepository } from '../../../store/subscriptions/PlanRepository';
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
 * `GET /api/plans`: the plan catalogue, public (no token) because the Plans and Checkout screens are
 * public routes (spec §2). The spec lists no such call; this is our addition, on the SSO/public host.
 */
export async function plansRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const plans = createPlanRepository(ctx.db);
  app.get<{ Reply: Plan[] }>(
    '/api/plans',
    { schema: { response: { 200: { type: 'array', items: planSchema } } } },
    async () => plans.list(),
  );
}
