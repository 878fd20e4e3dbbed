import type { FastifyInstance } from 'fastify';
import type { CheckInviteRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/** POST /api/admin/check-invite: key → username, email, name of the invited person. */
export function checkInviteRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<CheckInviteRequest> }>(
    '/api/admin/check-invite',
    { schema: { body: stringFields({ key: 200 }) } },
    (request) => accounts.checkInvite(request.body.key ?? ''),
  );
}
