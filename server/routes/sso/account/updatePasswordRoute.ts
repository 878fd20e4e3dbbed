import type { FastifyInstance } from 'fastify';
import type { UpdatePasswordRequest } from '../../../../src/contract/Accounts';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/**
 * POST /api/admin/update-password (SSO bearer): ends every other session; the reply's `token` keeps
 * this one signed in.
 */
export function updatePasswordRoute(app: FastifyInstance, accounts: AccountService, ctx: AppContext): void {
  app.post<{ Body: Partial<UpdatePasswordRequest> }>(
    '/api/admin/update-password',
    {
      preHandler: requireRole(ctx, null, 'sso'),
      schema: { body: stringFields({ password: 1000, confirmPassword: 1000 }) },
    },
    (request) => accounts.updatePassword(authUser(request).id, request.body),
  );
}
