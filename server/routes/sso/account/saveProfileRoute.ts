import type { FastifyInstance } from 'fastify';
import type { SaveProfileRequest } from '../../../../src/contract/Accounts';
import type { AppContext } from '../../../AppContext';
import { authUser, requireRole } from '../../../http/requireRole';
import type { AccountService } from '../../../services/accounts/createAccountService';

/** POST /profile (SSO bearer): saves the editable profile fields; roles and username are not editable here. */
export function saveProfileRoute(app: FastifyInstance, accounts: AccountService, ctx: AppContext): void {
  app.post<{ Body: Partial<SaveProfileRequest> }>(
    '/profile',
    {
      preHandler: requireRole(ctx, null, 'sso'),
      schema: {
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 200 },
            email: { type: 'string', maxLength: 320 },
            phone: { type: 'string', maxLength: 50 },
            defaultLanguage: { type: 'string', maxLength: 10 },
            companyName: { type: 'string', maxLength: 200 },
            companyAddress: { type: 'string', maxLength: 1000 },
          },
        },
      },
    },
    (request) => accounts.saveProfile(authUser(request).id, request.body),
  );
}
