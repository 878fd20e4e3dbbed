import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '../../../../src/contract/Accounts';
import type { AccountService } from '../../../services/accounts/createAccountService';
import { stringFields } from '../stringFields';

/** POST /api/user/login: username, password → token (usernames ignore case; rate-limited). */
export function loginRoute(app: FastifyInstance, accounts: AccountService): void {
  app.post<{ Body: Partial<LoginRequest> }>(
    '/api/user/login',
    { schema: { body: stringFields({ username: 320, password: 1000 }) } },
    (request) => accounts.login(request.body, request.ip),
  );
}
