import type { FastifyInstance } from 'fastify';
import type { ResetPasswordRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/** POST /api/admin/reset-password: password, confirmPassword, key (single use; ends other sessions). */
export function resetPasswordRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<ResetPasswordRequest> }>(
    '/api/admin/reset-password',
    { schema: { body: stringFields({ password: 1000, confirmPassword: 1000, key: 200 }) } },
    (request) => accounts.resetPassword(request.body),
  );
}
