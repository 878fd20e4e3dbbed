import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../../../services/accounts/createAccountService';

/** POST /api/user/verify-activation-key/KEY → success, email (the key is not spent until registration). */
export function verifyActivationKeyRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Params: { key: string } }>(
    '/api/user/verify-activation-key/:key',
    {
      schema: {
        params: {
          type: 'object',
          properties: { key: { type: 'string', maxLength: 200 } },
          required: ['key'],
        },
      },
    },
    (request) => accounts.checkActivationKey(request.params.key),
  );
}
