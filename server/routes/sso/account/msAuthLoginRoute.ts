import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import type { AccountService } from '../../../services/accounts/createAccountService';

/** POST /api/ms-auth/login (SSO bearer) → `{token}` for the main server (the service-to-service login). */
export function msAuthLoginRoute(app: FastifyInstance, accounts: AccountService, ctx: AppContext): void {
  app.post('/api/ms-auth/login', { preHandler: requireRole(ctx, null, 'sso') }, async (request) => {
    const { token } = await accounts.authorize(authUser(request).id);
    return { token };
  });
}
