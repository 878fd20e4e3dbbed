import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext';

/** The main-server API under /v1/secure (spec §7), minus payment. */
export async function mainRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
