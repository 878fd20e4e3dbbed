import { createAccountKit, type AccountServiceDeps } from './accountKit';
import { emailChangeActions } from './emailChangeActions';
import { invitationActions } from './invitationActions';
import { passkeyActions } from './passkeyActions';
import { passkeySignInActions } from './passkeySignInActions';
import { passwordActions } from './passwordActions';
import { registrationActions } from './registrationActions';
import { sessionActions } from './sessionActions';
import { twoFactorActions } from './twoFactorActions';

export type { AccountServiceDeps } from './accountKit';
export type { NewAccount } from './invitationActions';

/**
 * Everything an account can do, independent of HTTP: the SSO routes, the main server's authorize route
 * and the `users` CLI call these. Built once per app by the composition root, so the rate-limit counters
 * are shared by every route.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const kit = createAccountKit(deps);
  const emailChanges = emailChangeActions(kit);
  const twoFactor = twoFactorActions(kit);
  return {
    ...emailChanges,
    ...twoFactor,
    ...passkeyActions(kit),
    ...passkeySignInActions(kit),
    ...sessionActions(kit, emailChanges, twoFactor),
    ...registrationActions(kit),
    ...passwordActions(kit),
    ...invitationActions(kit),
    /** The login throttle's hold on an account, for the administrators' unlock. */
    loginLock: {
      blockedUntil: kit.loginLimits.blockedUntil,
      unlock: kit.loginLimits.unlock,
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
