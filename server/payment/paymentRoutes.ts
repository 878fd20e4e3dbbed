import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext';

/** The payment API under /v1/secure/payment (spec §7). */
export async function paymentRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
