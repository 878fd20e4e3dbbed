import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { accountsFor } from '../../../services/accounts/accountsFor';
import { accountErrorHandler } from '../accountErrorHandler';
import { acceptInviteRoute } from './acceptInviteRoute';
import { checkInviteRoute } from './checkInviteRoute';
import { emailVerificationRoute } from './emailVerificationRoute';
import { inviteRoute } from './inviteRoute';
import { loginRoute } from './loginRoute';
import { msAuthLoginRoute } from './msAuthLoginRoute';
import { profileRoute } from './profileRoute';
import { registerRoute } from './registerRoute';
import { requestResetPasswordRoute } from './requestResetPasswordRoute';
import { resetPasswordRoute } from './resetPasswordRoute';
import { saveProfileRoute } from './saveProfileRoute';
import { updatePasswordRoute } from './updatePasswordRoute';
import { verifyActivationKeyRoute } from './verifyActivationKeyRoute';

/** The account calls of the single-sign-on API (spec §7) plus the admin invitation. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const accounts = accountsFor(ctx, app.log);
  app.setErrorHandler(accountErrorHandler);
  for (const route of [
    loginRoute,
    msAuthLoginRoute,
    emailVerificationRoute,
    verifyActivationKeyRoute,
    registerRoute,
    requestResetPasswordRoute,
    resetPasswordRoute,
    checkInviteRoute,
    acceptInviteRoute,
    profileRoute,
    updatePasswordRoute,
    saveProfileRoute,
    inviteRoute,
  ]) {
    route(app, accounts, ctx);
  }
}
