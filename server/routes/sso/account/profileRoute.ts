import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import { bearerToken } from '../../../http/bearerToken';
import type { AccountService } from '../../../services/accounts/createAccountService';

/** GET /api/admin/profile (SSO bearer) → the session profile of spec §3, with the token it was asked with. */
export function profileRoute(app: FastifyInstance, accounts: AccountService, ctx: AppContext): void {
  app.get('/api/admin/profile', { preHandler: requireRole(ctx, null, 'sso') }, (request) =>
    accounts.profile(authUser(request).id, bearerToken(request) ?? undefined),
  );
}
