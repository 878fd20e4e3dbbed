import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext';

/** The single-sign-on API (spec §7): /api/user/*, /api/admin/*, /api/ms-auth/login, POST /profile. */
export async function ssoRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
