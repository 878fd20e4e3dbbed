import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../AppContext';
import { createSqliteAccountKeyStore } from '../../store/users/createSqliteAccountKeyStore';
import { createSqliteUserStore } from '../../store/users/createSqliteUserStore';
import { createMailer } from '../mail/createMailer';
import { createAccountService, type AccountService } from './createAccountService';

const services = new WeakMap<AppContext, AccountService>();

/**
 * The one account service of an app instance, shared by the SSO routes and the main server's authorize
 * route, so rate-limit counters are not split between them.
 */
export function accountsFor(ctx: AppContext, log: FastifyBaseLogger): AccountService {
  let service = services.get(ctx);
  if (!service) {
    service = createAccountService({
      config: ctx.config,
      db: ctx.db,
      tokens: ctx.tokens,
      users: createSqliteUserStore(ctx.db),
      keys: createSqliteAccountKeyStore(ctx.db),
      mailer: createMailer(ctx.config, log),
      log,
    });
    services.set(ctx, service);
  }
  return service;
}
