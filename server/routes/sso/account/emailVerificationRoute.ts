import type { FastifyInstance } from 'fastify';
import type { EmailVerificationRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { requestLanguage } from '../requestLanguage';
import { stringFields } from '../stringFields';

/** POST /api/user/email-verification: mails an activation link; the same reply for known and new addresses. */
export function emailVerificationRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<EmailVerificationRequest> }>(
    '/api/user/email-verification',
    { schema: { body: stringFields({ email: 320 }) } },
    (request) => accounts.requestVerification(request.body, request.ip, requestLanguage(request)),
  );
}
