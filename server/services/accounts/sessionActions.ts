import {
  type AuthorizeResponse,
  type LoginResponse,
  type SaveProfileRequest,
  type SaveProfileResponse,
  LANGUAGE_CODES,
} from '../../../src/contract/Accounts';
import type { Profile } from '../../../src/contract/Profile';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import { text, isEmailAddress, passwordHasher, DUMMY_HASH } from './credentials';
import { toProfile } from './profile';
import type { AccountKit } from './accountKit';
import type { EmailChangeActions } from './emailChangeActions';
import type { TwoFactorActions } from './twoFactorActions';

/** Signing in and the signed-in account: login, the profile, the main-server token. */
async function pendingEmailField(emailChanges: EmailChangeActions, userId: string) {
  const pendingEmail = await emailChanges.pendingEmail(userId);
  return pendingEmail ? { pendingEmail } : {};
}

export function sessionActions(
  kit: AccountKit,
  emailChanges: EmailChangeActions,
  twoFactor: Pick<TwoFactorActions, 'pendingLogin' | 'twoFactorSetupRequired'>,
) {
  const { users, loginLimits, signToken, newSessionToken, mustFindUser, reauthenticate, unitOfWork } = kit;
  const pending = (userId: string) => pendingEmailField(emailChanges, userId);
  return {
    /**
     * `trustedDevice`: the id in the device cookie this browser got from an earlier sign-in of the same
     * account (the route checked its signature and its account); such a browser is throttled on its own.
     */
    async login(
      body: { username?: string; password?: string },
      ip: string,
      trustedDevice: string | null = null,
    ): Promise<LoginResponse> {
      const username = text(body.username);
      const password = text(body.password);
      if (!username || !password) throw new AccountError(400, M.loginRequired);
      await loginLimits.reserve(username, ip, trustedDevice);
      const user = await users.findByUsername(username);
      const ok =
        user?.passwordHash && user.status === 'active'
          ? await passwordHasher.verify(user.passwordHash, password)
          : (await passwordHasher.verify(await DUMMY_HASH, password)) && false;
      if (!user || !ok) throw new AccountError(401, M.loginFailed);
      await loginLimits.succeeded(username, ip, trustedDevice);
      // An account with a second factor gets no session yet, only the key of the second step.
      const pendingLogin = await twoFactor.pendingLogin(user);
      if (pendingLogin) return pendingLogin;
      return { token: await newSessionToken(user), error: false, message: M.loginSucceeded };
    },

    async profile(userId: string, token?: string): Promise<Profile> {
      const setupRequired = await twoFactor.twoFactorSetupRequired(userId);
      return {
        ...toProfile(await mustFindUser(userId), token),
        ...(await pending(userId)),
        ...(setupRequired ? { twoFactorSetupRequired: true } : {}),
      };
    },

    /**
     * Saves the editable fields. A new e-mail address needs re-authentication (current password or a
     * recent sign-in) and takes effect only once the new address confirms it; the old one gets a notice.
     */
    async saveProfile(
      userId: string,
      body: Partial<SaveProfileRequest>,
      sessionId: string,
    ): Promise<SaveProfileResponse> {
      const email = text(body.email);
      if (!email) throw new AccountError(400, M.profileEmailRequired);
      if (!isEmailAddress(email)) throw new AccountError(400, M.emailInvalid);
      const language = body.defaultLanguage === undefined ? undefined : text(body.defaultLanguage);
      if (language !== undefined && !(LANGUAGE_CODES as readonly string[]).includes(language)) {
        throw new AccountError(400, M.languageInvalid);
      }
      const current = await mustFindUser(userId);
      const emailChanging = email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanging) {
        await reauthenticate(current, text(body.currentPassword), sessionId, 'email', {
          code: text(body.currentCode),
          passkey: body.currentPasskey,
        });
      }
      const optional = (value: string | undefined) => (value === undefined ? undefined : text(value));
      const changes = Object.fromEntries(
        Object.entries({
          // Only a change of letter case applies at once; another address waits for its confirmation.
          email: emailChanging ? undefined : email,
          name: optional(body.name),
          phone: optional(body.phone),
          defaultLanguage: language,
          companyName: optional(body.companyName),
          companyAddress: optional(body.companyAddress),
        }).filter(([, value]) => value !== undefined),
      );
      const user = await unitOfWork(async () => {
        const saved = await users.updateProfile(userId, changes);
        if (emailChanging) await emailChanges.requestEmailChange(saved, email);
        return saved;
      });
      return {
        error: false,
        message: emailChanging ? M.emailChangePending(email) : M.profileSaved,
        profile: { ...toProfile(user), ...(await pending(userId)) },
      };
    },

    /**
     * The main-server token and profile for a signed-in account (`POST /v1/secure/user/authorize`), bound to
     * the same session as the SSO token it was asked with.
     */
    async authorize(userId: string, sessionId: string): Promise<AuthorizeResponse> {
      const user = await mustFindUser(userId);
      const token = await signToken('main', user, sessionId);
      return { token, profile: toProfile(user, token) };
    },
  };
}
