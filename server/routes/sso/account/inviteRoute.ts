import type { FastifyInstance } from 'fastify';
import type { InviteRequest } from '../../../../src/contract/Accounts';
import { LANGUAGE_CODES } from '../../../../src/contract/Accounts';
import type { AppContext } from '../../../AppContext';
import { requireRole } from '../../../http/requireRole';
import type { AccountService } from '../../../services/accounts/createAccountService';

/** POST /api/admin/invite (ADMIN, SSO bearer): email, name, roles, sites, language → an invitation mail. */
export function inviteRoute(app: FastifyInstance, accounts: AccountService, ctx: AppContext): void {
  app.post<{ Body: Partial<InviteRequest> }>(
    '/api/admin/invite',
    {
      preHandler: requireRole(ctx, 'ADMIN', 'sso'),
      schema: {
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 320 },
            name: { type: 'string', maxLength: 200 },
            roles: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 100 } },
            sites: { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 100 } },
            language: { type: 'string', enum: [...LANGUAGE_CODES] },
          },
        },
      },
    },
    async (request) => {
      // The link is for operators on the command line; over HTTP it goes only to the invitee's mailbox.
      const { link: _link, ...reply } = await accounts.invite(request.body);
      return reply;
    },
  );
}
