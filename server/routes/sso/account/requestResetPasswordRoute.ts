import type { FastifyInstance } from 'fastify';
import type { RequestResetPasswordRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/** POST /api/admin/request-reset-password: username, targeturl; the same reply whether the account exists or not. */
export function requestResetPasswordRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<RequestResetPasswordRequest> }>(
    '/api/admin/request-reset-password',
    { schema: { body: stringFields({ username: 320, targeturl: 2000 }) } },
    (request) => accounts.requestPasswordReset(request.body, request.ip),
  );
}
