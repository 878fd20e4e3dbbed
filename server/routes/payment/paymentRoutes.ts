import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { createPaymentProvider } from '../../services/billing/createPaymentProvider';
import { checkoutRoutes } from './checkoutRoutes';
import { webhookRoutes } from './webhookRoutes';
import { testCheckoutRoutes } from './testCheckoutRoutes';

/**
 * The payment API under /v1/secure/payment (spec §7): checkout, portal and webhook; the test pages only
 * when Stripe is not configured.
 */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = createPaymentProvider(ctx.config, ctx.db);
  const deps = {
    db: ctx.db,
    events: ctx.events,
    provider: provider.name,
    webhookSecret: provider.webhookSecret,
  };
  await app.register(async (scope) => checkoutRoutes(scope, ctx, provider));
  await app.register(async (scope) => webhookRoutes(scope, deps));
  if (provider.name === 'test') await app.register(async (scope) => testCheckoutRoutes(scope, ctx, deps));
}
