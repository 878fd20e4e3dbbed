import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type { RequestResetPasswordRequest, ResetPasswordRequest } from '../../../src/contract/Accounts';
import { stringFields } from './requestFields';

/** The forgotten-password flow: the reset mail and the form its link opens. */
export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { accounts } = ctx;
  /** POST /api/admin/request-reset-password: username, targeturl; the same reply whether the account exists or not. */
  app.post<{ Body: Partial<RequestResetPasswordRequest> }>(
    '/api/admin/request-reset-password',
    { schema: { body: stringFields({ username: 320, targeturl: 2000 }) } },
    (request) => accounts.requestPasswordReset(request.body, request.ip),
  );

  /** POST /api/admin/reset-password: password, confirmPassword, key (single use; ends other sessions). */
  app.post<{ Body: Partial<ResetPasswordRequest> }>(
    '/api/admin/reset-password',
    { schema: { body: stringFields({ password: 1000, confirmPassword: 1000, key: 200 }) } },
    (request) => accounts.resetPassword(request.body),
  );
}
