import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext';
import { paymentPlugin } from './paymentPlugin';

/** The payment API under /v1/secure/payment (spec §7). */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => paymentPlugin(scope, ctx));
}
