import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { accountErrorHandler } from '../../http/registerErrorHandling';
import { namedScope } from '../../http/namedScope';
import { adminUserRoutes } from './adminUserRoutes';
import { catalogRoutes } from './catalogRoutes';
import { registerDeviceCookies } from './deviceCookie';
import { emailChangeRoutes } from './emailChangeRoutes';
import { invitationRoutes } from './invitationRoutes';
import { passwordResetRoutes } from './passwordResetRoutes';
import { registrationRoutes } from './registrationRoutes';
import { signInRoutes } from './signInRoutes';
import { twoFactorRoutes } from './twoFactorRoutes';

/** The single-sign-on API (spec §7): /api/user/*, /api/admin/*, /api/ms-auth/login, POST /profile. */
export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    namedScope('accountRoutes', async (accounts) => {
      await registerDeviceCookies(accounts, ctx.config);
      accounts.setErrorHandler(accountErrorHandler);
      for (const routes of [
        signInRoutes,
        registrationRoutes,
        passwordResetRoutes,
        invitationRoutes,
        emailChangeRoutes,
        adminUserRoutes,
        twoFactorRoutes,
      ]) {
        routes(accounts, ctx);
      }
    }),
  );
  await app.register(namedScope('catalogRoutes', (scope) => catalogRoutes(scope, ctx)));
}
