import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import { accountsFor } from '../../../services/accounts/accountsFor';
import { accountErrorHandler } from '../../sso/accountErrorHandler';

/**
 * POST /v1/secure/user/authorize: the bearer is the single-sign-on token (any role: the map routes check
 * MAPUSER themselves); the reply is a main-server token and the profile (spec §7).
 */
export async function authorizeRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const accounts = accountsFor(ctx, app.log);
  app.setErrorHandler(accountErrorHandler);
  app.post('/user/authorize', { preHandler: requireRole(ctx, null, 'sso') }, (request) =>
    accounts.authorize(authUser(request).id),
  );
}
