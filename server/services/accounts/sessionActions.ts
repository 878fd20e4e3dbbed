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

/** Signing in and the signed-in account: login, the profile, the main-server token. */
export function sessionActions(kit: AccountKit) {
  const { users, loginLimits, signToken, newSessionToken, mustFindUser } = kit;
  return {
    async login(body: { username?: string; password?: string }, ip: string): Promise<LoginResponse> {
      const username = text(body.username);
      const password = text(body.password);
      if (!username || !password) throw new AccountError(400, M.loginRequired);
      loginLimits.enforce(username, ip);
      const user = users.findByUsername(username);
      const ok =
        user?.passwordHash && user.status === 'active'
          ? await passwordHasher.verify(user.passwordHash, password)
          : (await passwordHasher.verify(await DUMMY_HASH, password)) && false;
      if (!user || !ok) {
        loginLimits.failed(username, ip);
        throw new AccountError(401, M.loginFailed);
      }
      loginLimits.succeeded(username, ip);
      return { token: await newSessionToken(user), error: false, message: M.loginSucceeded };
    },

    profile(userId: string, token?: string): Profile {
      return toProfile(mustFindUser(userId), token);
    },

    saveProfile(userId: string, body: Partial<SaveProfileRequest>): SaveProfileResponse {
      const email = text(body.email);
      if (!email) throw new AccountError(400, M.profileEmailRequired);
      if (!isEmailAddress(email)) throw new AccountError(400, M.emailInvalid);
      const language = body.defaultLanguage === undefined ? undefined : text(body.defaultLanguage);
      if (language !== undefined && !(LANGUAGE_CODES as readonly string[]).includes(language)) {
        throw new AccountError(400, M.languageInvalid);
      }
      mustFindUser(userId);
      const optional = (value: string | undefined) => (value === undefined ? undefined : text(value));
      const changes = Object.fromEntries(
        Object.entries({
          email,
          name: optional(body.name),
          phone: optional(body.phone),
          defaultLanguage: language,
          companyName: optional(body.companyName),
          companyAddress: optional(body.companyAddress),
        }).filter(([, value]) => value !== undefined),
      );
      const user = users.updateProfile(userId, changes);
      return { error: false, message: M.profileSaved, profile: toProfile(user) };
    },

    /**
     * The main-server token and profile for a signed-in account (`POST /v1/secure/user/authorize`), bound to
     * the same session as the SSO token it was asked with.
     */
    async authorize(userId: string, sessionId: string): Promise<AuthorizeResponse> {
      const user = mustFindUser(userId);
      const token = await signToken('main', user, sessionId);
      return { token, profile: toProfile(user, token) };
    },
  };
}
