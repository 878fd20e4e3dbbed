import type { FastifyInstance } from 'fastify';
import type { UserRecord } from '../../../server/store/users/UserStore';
/** An active account with a real (argon2id) password, as `npm run users -- create` makes one. */
export function createAccount(
  app: FastifyInstance,
  account: { username: string; password: string; name?: string; roles?: string[] },
): Promise<UserRecord> {
  return app.ctx.accounts.createUser(account);
}
