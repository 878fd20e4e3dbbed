import type { FastifyInstance } from 'fastify';
import type { AcceptInviteRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/** POST /api/admin/accept-invite: password, confirmPassword, key → the account becomes active. */
export function acceptInviteRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<AcceptInviteRequest> }>(
    '/api/admin/accept-invite',
    { schema: { body: stringFields({ password: 1000, confirmPassword: 1000, key: 200 }) } },
    (request) => accounts.acceptInvite(request.body),
  );
}
