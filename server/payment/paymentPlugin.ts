import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext';
import { createPaymentProvider } from '../services/billing/createPaymentProvider';
import { checkoutRoutes } from './checkoutRoutes';
import { webhookRoutes } from './webhookRoutes';
import { testCheckoutRoutes } from './testCheckoutRoutes';

/** Checkout, portal and webhook of the payment host; the test pages only when Stripe is not configured. */
export async function paymentPlugin(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
