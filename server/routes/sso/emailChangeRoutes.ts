import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type { EmailChangeKeyRequest } from '../../../src/contract/Settings';
import { stringFields } from './requestFields';

/**
 * The two links of an e-mail change, public like the other mailed keys: the new address
 * confirms, the old address undoes. Both keys are single-use and expire.
 */
export function emailChangeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const body = { body: stringFields({ key: 200 }) };
  /** POST /api/user/confirm-email-change: key (mailed to the new address) → the new address takes effect. */
  app.post<{ Body: Partial<EmailChangeKeyRequest> }>(
    '/api/user/confirm-email-change',
    { schema: body },
    (request) => ctx.accounts.confirmEmailChange(request.body.key ?? ''),
  );
  /** POST /api/user/undo-email-change: key (mailed to the old address) → cancelled or reversed. */
  app.post<{ Body: Partial<EmailChangeKeyRequest> }>(
    '/api/user/undo-email-change',
    { schema: body },
    (request) => ctx.accounts.undoEmailChange(request.body.key ?? ''),
  );
}
