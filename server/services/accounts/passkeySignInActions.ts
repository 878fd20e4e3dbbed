import type { LoginResponse } from '../../../src/contract/Accounts';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '../../../src/contract/TwoFactor';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import type { AccountKit } from './accountKit';
import { accountKeys, text } from './credentials';
import { answeredChallenge } from './passkeyCeremonies';
import { PENDING_LOGIN_TTL_MS } from './twoFactorActions';

/**
 * Signing in with a passkey instead of username and password (WebAuthn discoverable credentials): the
 * browser asks for a challenge, the authenticator signs it after verifying its user, and the passkey's
 * account gets a session. The challenge is stored as a hash, lives five minutes and is spent by the first
 * answer, so an answer cannot be replayed.
 */
export function passkeySignInActions(kit: AccountKit) {
  const { twoFactor, passkeys, mustFindUser, newSessionToken, enforce, secondFactorThrottle, now } = kit;
  return {
    /** The browser's `navigator.credentials.get` options (limited per address: each keeps a row). */
    async passkeySignInOptions(ip: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      await enforce(['passkeySignInPerIp', ip]);
      await twoFactor.purgeExpiredPendingLogins(now());
      const options = await passkeys.signInOptions();
      await twoFactor.addPasskeySignIn(accountKeys.hash(options.challenge), now() + PENDING_LOGIN_TTL_MS);
      return options;
    },

    /** A genuine, user-verified answer to an unspent challenge starts the passkey's account's session. */
    async passkeySignIn(
      response: AuthenticationResponseJSON | undefined,
    ): Promise<{ response: LoginResponse; username: string }> {
      if (!response) throw new AccountError(400, M.passkeyFailed);
      const challenge = answeredChallenge(response);
      if (!challenge || !(await twoFactor.takePasskeySignIn(accountKeys.hash(challenge), now()))) {
        throw new AccountError(400, M.pendingLoginInvalid);
      }
      const key = await twoFactor.findPasskey(text(response.id));
      if (!key) throw new AccountError(401, M.passkeyFailed);
      await secondFactorThrottle.reserve(key.userId);
      const counter = await passkeys.verifyAuthentication(response, challenge, key, true);
      const user = counter === null ? null : await mustFindUser(key.userId);
      if (!user || user.status !== 'active' || counter === null) throw new AccountError(401, M.passkeyFailed);
      await twoFactor.usePasskey(key.id, counter, now());
      await secondFactorThrottle.succeeded(key.userId);
      return {
        response: { token: await newSessionToken(user), error: false, message: M.loginSucceeded },
        username: user.username,
      };
    },
  };
}
