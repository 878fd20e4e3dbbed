import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type { AcceptInviteRequest, CheckInviteRequest, InviteRequest } from '../../../src/contract/Accounts';
import { LANGUAGE_CODES } from '../../../src/contract/Accounts';
import { authUser, requireRole } from '../../http/requireRole';
import { stringFields } from './requestFields';

/** Invitations: an administrator invites, the invitee checks the key and sets a password. */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { accounts } = ctx;
  /**
   * POST /api/admin/invite (ADMIN, SSO bearer): email, name, roles, sites, language → an invitation mail.
   * The link is for operators on the command line; over HTTP it goes only to the invitee's mailbox.
   */
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
    // The inviting administrator's e-mail signature is appended to the mail; the invitation is audited.
    (request) => ctx.userAdmin.invite(authUser(request), request.body),
  );

  /** POST /api/admin/check-invite: key → username, email, name of the invited person. */
  app.post<{ Body: Partial<CheckInviteRequest> }>(
    '/api/admin/check-invite',
    { schema: { body: stringFields({ key: 200 }) } },
    (request) => accounts.checkInvite(request.body.key ?? ''),
  );

  /** POST /api/admin/accept-invite: password, confirmPassword, key → the account becomes active. */
  app.post<{ Body: Partial<AcceptInviteRequest> }>(
    '/api/admin/accept-invite',
    { schema: { body: stringFields({ password: 1000, confirmPassword: 1000, key: 200 }) } },
    (request) => accounts.acceptInvite(request.body),
  );
}
