import type { FastifyInstance } from 'fastify';
import type { RegisterRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/** POST /api/user/register: the activation form → token and user (role MAPUSER). */
export function registerRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<RegisterRequest> }>(
    '/api/user/register',
    {
      schema: {
        body: stringFields({
          email: 320,
          name: 200,
          phone: 50,
          defaultLanguage: 10,
          companyName: 200,
          companyAddress: 1000,
          username: 320,
          password: 1000,
          confirmPassword: 1000,
          activationKey: 200,
        }),
      },
    },
    (request) => accounts.register(request.body),
  );
}
