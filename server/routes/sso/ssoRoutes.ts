import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { accountRoutes } from './account/accountRoutes';
import { cantonsRoute } from './cantonsRoute';
import { plansRoutes } from '../main/subscriptions/plansRoutes';

/** The single-sign-on API (spec §7): /api/user/*, /api/admin/*, /api/ms-auth/login, POST /profile. */
export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => accountRoutes(scope, ctx));
  await app.register(async (scope) => cantonsRoute(scope, ctx));
  await app.register(async (scope) => plansRoutes(scope, ctx));
}
