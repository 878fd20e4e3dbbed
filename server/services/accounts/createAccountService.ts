import type { Database } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ActivationKeyResponse,
  AuthorizeResponse,
  CheckInviteResponse,
  EmailVerificationResponse,
  InviteRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  SaveProfileRequest,
  SaveProfileResponse,
  UpdatePasswordResponse,
} from '../../../src/contract/Accounts';
import { LANGUAGE_CODES } from '../../../src/contract/Accounts';
import type { Profile } from '../../../src/contract/Profile';
import {
  isStrongPassword,
  passwordStrengthScore,
  REQUIRED_PASSWORD_STRENGTH,
} from '../../../src/lib/validation/password';
import type { Config } from '../../config';
import type { TokenAudience, TokenService } from '../TokenService';
import type { AccountKeyKind, AccountKeyStore } from '../../store/users/AccountKeyStore';
import type { UserRecord } from '../../store/users/UserRecord';
import { UsernameTakenError, type UserStore } from '../../store/users/UserStore';
import type { Mail, Mailer } from '../mail/Mail';
import { composeAccountMail } from '../mail/composeAccountMail';
import { AccountError } from './AccountError';
import { ACCOUNT_MESSAGES as M } from './accountMessages';
import { ACCOUNT_RATE_LIMITS } from './accountRateLimits';
import { accountKeys } from './accountKeys';
import { accountLink } from './accountLink';
import { createRateLimiter, type RateLimiter } from './createRateLimiter';
import { isEmailAddress } from './isEmailAddress';
import { passwordHasher } from './passwordHasher';
import { toProfile } from './toProfile';
import { withMapUserRole } from './withMapUserRole';

export interface AccountServiceDeps {
  config: Pick<Config, 'publicUrl' | 'keyTtlSeconds'>;
  db: Database;
  tokens: TokenService;
  users: UserStore;
  keys: AccountKeyStore;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  now?: () => number;
}

export interface PasswordPair {
  password?: string;
  confirmPassword?: string;
}

export interface NewAccount {
  username: string;
  email?: string;
  password: string;
  name?: string;
  roles?: string[];
}

/** The refusal texts of a password + confirmation form. */
interface PasswordPairRules {
  required: string;
  differ: string;
  /** An empty confirmation counts as a missing field (settings) rather than a mismatch. */
  confirmRequired: boolean;
}

/** Reset and invitation screens: a new password set with a mailed key. */
const KEYED_PASSWORD: PasswordPairRules = {
  required: M.newPasswordRequired,
  differ: M.passwordsDiffer,
  confirmRequired: false,
};

/** The settings screen's password change. */
const CHANGED_PASSWORD: PasswordPairRules = {
  required: M.passwordFieldsRequired,
  differ: M.passwordsDifferSettings,
  confirmRequired: true,
};

/** A hash of a random password, so a login for an unknown user costs the same as for a known one. */
const DUMMY_HASH = passwordHasher.hash(`dummy-${Math.random()}`);

const text = (value: string | undefined | null) => (value ?? '').trim();

/** Everything an account can do, independent of HTTP: the routes and the `users` CLI call these. */
export function createAccountService(deps: AccountServiceDeps) {
  const { config, db, tokens, users, keys, mailer, log } = deps;
  const now = deps.now ?? (() => Date.now());
  const limiter = (name: keyof typeof ACCOUNT_RATE_LIMITS): RateLimiter =>
    createRateLimiter(ACCOUNT_RATE_LIMITS[name], now);
  const limits = {
    loginAccount: limiter('loginPerAccount'),
    loginIp: limiter('loginPerIp'),
    verificationEmail: limiter('verificationPerEmail'),
    verificationIp: limiter('verificationPerIp'),
    resetAccount: limiter('resetPerAccount'),
    resetIp: limiter('resetPerIp'),
  };

  function enforce(...checks: [RateLimiter, string][]) {
    for (const [rateLimiter, key] of checks) {
      const result = rateLimiter.hit(key);
      if (!result.allowed) {
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
        throw new AccountError(429, M.tooManyAttempts(minutes), {}, result.retryAfterSeconds);
      }
    }
  }

  function issueKey(kind: AccountKeyKind, email: string, userId: string | null): string {
    // Spent and expired keys are useless; sweeping them here keeps the table small without a timer.
    keys.purgeExpired(now());
    const { key, hash } = accountKeys.create();
    const ttl = config.keyTtlSeconds[kind === 'verification' ? 'verification' : kind];
    keys.add(hash, { kind, email, userId, expiresAt: now() + ttl * 1000 });
    return key;
  }

  /** Sends without making the caller wait, so a reply takes as long whether or not a mail went out. */
  function deliverLater(mail: Mail) {
    mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'sending a mail failed'));
  }

  const signToken = (audience: TokenAudience, user: UserRecord) =>
    tokens.sign(audience, {
      sub: user.id,
      username: user.username,
      roles: user.roles,
      tv: user.tokenVersion,
    });
  const ssoToken = (user: UserRecord) => signToken('sso', user);

  function checkPasswordPair(pair: PasswordPair, rules: PasswordPairRules): string {
    const password = text(pair.password);
    const confirm = text(pair.confirmPassword);
    if (!password || (rules.confirmRequired && !confirm)) throw new AccountError(400, rules.required);
    if (password !== confirm) throw new AccountError(400, rules.differ);
    if (!isStrongPassword(password)) throw new AccountError(400, M.strongPasswordRule);
    return password;
  }

  function mustFindUser(userId: string): UserRecord {
    const user = users.findById(userId);
    if (!user) throw new AccountError(401, 'Your session has ended. Please log in again');
    return user;
  }

  /** Sets a new password with a single-use key: the key is spent and the password set together or not at all. */
  async function setPasswordWithKey(
    kind: 'reset' | 'invite',
    keyValue: string,
    password: string,
    invalid: string,
  ) {
    const hash = accountKeys.hash(keyValue);
    const key = keys.findValid(kind, hash, now());
    if (!key?.userId) throw new AccountError(400, invalid);
    const passwordHash = await passwordHasher.hash(password);
    const userId = key.userId;
    db.transaction(() => {
      if (!keys.consume(kind, hash, now())) throw new AccountError(400, invalid);
      users.setPassword(userId, passwordHash);
      keys.revokeForUser(kind, userId, now());
    })();
  }

  return {
    async login(body: { username?: string; password?: string }, ip: string): Promise<LoginResponse> {
      const username = text(body.username);
      const password = text(body.password);
      if (!username || !password) throw new AccountError(400, M.loginRequired);
      enforce([limits.loginIp, ip], [limits.loginAccount, username.toLowerCase()]);
      const user = users.findByUsername(username);
      const ok =
        user?.passwordHash && user.status === 'active'
          ? await passwordHasher.verify(user.passwordHash, password)
          : (await passwordHasher.verify(await DUMMY_HASH, password)) && false;
      if (!user || !ok) throw new AccountError(401, M.loginFailed);
      limits.loginAccount.reset(username.toLowerCase());
      return { token: await ssoToken(user), error: false, message: M.loginSucceeded };
    },

    async requestVerification(
      body: { email?: string },
      ip: string,
      language: string,
    ): Promise<EmailVerificationResponse> {
      const email = text(body.email);
      if (!email || !isEmailAddress(email)) throw new AccountError(400, M.emailRequired);
      enforce([limits.verificationIp, ip], [limits.verificationEmail, email.toLowerCase()]);
      const existing = users.findByUsername(email);
      if (existing) {
        deliverLater(
          composeAccountMail({
            kind: 'alreadyRegistered',
            to: existing.email,
            language: existing.defaultLanguage,
            name: existing.name,
            link: accountLink(config.publicUrl, 'login'),
          }),
        );
      } else {
        const key = issueKey('verification', email, null);
        deliverLater(
          composeAccountMail({
            kind: 'verification',
            to: email,
            language,
            link: accountLink(config.publicUrl, 'register/activate', key),
            ttlSeconds: config.keyTtlSeconds.verification,
          }),
        );
      }
      return { verification: true, error: false, message: M.verificationSent };
    },

    checkActivationKey(keyValue: string): ActivationKeyResponse {
      const key = keys.findValid('verification', accountKeys.hash(keyValue), now());
      if (!key || users.findByUsername(key.email)) {
        throw new AccountError(400, M.activationKeyInvalid, { success: false });
      }
      return { success: true, email: key.email, error: false, message: M.activationKeyValid };
    },

    async register(body: Partial<RegisterRequest>): Promise<RegisterResponse> {
      const fields = {
        name: text(body.name),
        phone: text(body.phone),
        defaultLanguage: text(body.defaultLanguage),
        companyName: text(body.companyName),
        companyAddress: text(body.companyAddress),
        username: text(body.username),
      };
      const password = body.password ?? '';
      const required = [
        fields.companyName,
        fields.name,
        fields.companyAddress,
        fields.username,
        password,
        body.confirmPassword ?? '',
        fields.defaultLanguage,
      ];
      if (required.some((value) => value.trim() === '')) throw new AccountError(400, M.fillAllFields);
      if (password !== body.confirmPassword) throw new AccountError(400, M.passwordsDiffer);
      if (passwordStrengthScore(password) < REQUIRED_PASSWORD_STRENGTH)
        throw new AccountError(400, M.weakPassword);
      if (!(LANGUAGE_CODES as readonly string[]).includes(fields.defaultLanguage)) {
        throw new AccountError(400, M.languageInvalid);
      }
      const keyHash = accountKeys.hash(text(body.activationKey));
      const key = keys.findValid('verification', keyHash, now());
      if (!key) throw new AccountError(400, M.activationKeyInvalid);
      if (fields.username.toLowerCase() !== key.email.toLowerCase())
        throw new AccountError(400, M.usernameMustBeEmail);
      const passwordHash = await passwordHasher.hash(password);
      let user: UserRecord;
      try {
        user = db.transaction(() => {
          if (!keys.consume('verification', keyHash, now()))
            throw new AccountError(400, M.activationKeyInvalid);
          return users.create({
            ...fields,
            username: key.email,
            email: key.email,
            passwordHash,
            status: 'active',
            roles: withMapUserRole(),
          });
        })();
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new AccountError(409, M.accountExists);
        throw error;
      }
      return { token: await ssoToken(user), user: toProfile(user), error: false, message: M.registered };
    },

    requestPasswordReset(body: { username?: string; targeturl?: string }, ip: string): MessageResponse {
      const username = text(body.username);
      if (!username) throw new AccountError(400, M.usernameRequired);
      enforce([limits.resetIp, ip], [limits.resetAccount, username.toLowerCase()]);
      const user = users.findByUsername(username);
      if (user && user.status === 'active') {
        keys.revokeForUser('reset', user.id, now());
        const key = issueKey('reset', user.email, user.id);
        deliverLater(
          composeAccountMail({
            kind: 'reset',
            to: user.email,
            language: user.defaultLanguage,
            name: user.name,
            link: accountLink(config.publicUrl, 'reset-password', key, body.targeturl),
            ttlSeconds: config.keyTtlSeconds.reset,
          }),
        );
      }
      return { error: false, message: M.resetRequested };
    },

    async resetPassword(body: PasswordPair & { key?: string }): Promise<MessageResponse> {
      const password = checkPasswordPair(body, KEYED_PASSWORD);
      await setPasswordWithKey('reset', text(body.key), password, M.resetKeyInvalid);
      return { error: false, message: M.passwordReset };
    },

    checkInvite(keyValue: string): CheckInviteResponse {
      const key = keys.findValid('invite', accountKeys.hash(keyValue), now());
      const user = key?.userId ? users.findById(key.userId) : null;
      if (!user || user.status !== 'invited') throw new AccountError(400, M.inviteKeyInvalid);
      return { username: user.username, email: user.email, name: user.name };
    },

    async acceptInvite(body: PasswordPair & { key?: string }): Promise<MessageResponse> {
      const password = checkPasswordPair(body, KEYED_PASSWORD);
      await setPasswordWithKey('invite', text(body.key), password, M.inviteKeyInvalid);
      return { error: false, message: M.inviteAccepted };
    },

    async updatePassword(userId: string, body: PasswordPair): Promise<UpdatePasswordResponse> {
      const password = checkPasswordPair(body, CHANGED_PASSWORD);
      mustFindUser(userId);
      const user = users.setPassword(userId, await passwordHasher.hash(password));
      return { error: false, message: M.passwordUpdated, token: await ssoToken(user) };
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

    profile(userId: string, token?: string): Profile {
      return toProfile(mustFindUser(userId), token);
    },

    /** The main-server token and profile for a signed-in account (`POST /v1/secure/user/authorize`). */
    async authorize(userId: string): Promise<AuthorizeResponse> {
      const user = mustFindUser(userId);
      const token = await signToken('main', user);
      return { token, profile: toProfile(user, token) };
    },

    /** Creates (or re-invites) an account without a password and mails it an invitation link. */
    async invite(body: Partial<InviteRequest>): Promise<MessageResponse & { link: string }> {
      const email = text(body.email);
      const name = text(body.name);
      if (!name || !isEmailAddress(email)) throw new AccountError(400, M.inviteDetailsRequired);
      const language = body.language ?? 'en';
      const details = {
        name,
        roles: withMapUserRole(body.roles),
        sites: (body.sites ?? []).map((siteID) => ({ siteID: String(siteID) })),
        defaultLanguage: language,
      };
      const { user, key } = db.transaction(() => {
        const existing = users.findByUsername(email);
        if (existing && existing.status === 'active') throw new AccountError(409, M.accountExists);
        const invited = existing
          ? users.updateInvitation(existing.id, details)
          : users.create({ ...details, username: email, email, passwordHash: null, status: 'invited' });
        keys.revokeForUser('invite', invited.id, now());
        return { user: invited, key: issueKey('invite', email, invited.id) };
      })();
      const link = accountLink(config.publicUrl, 'invite', key);
      try {
        await mailer.send(
          composeAccountMail({
            kind: 'invite',
            to: user.email,
            language,
            name: user.name,
            link,
            ttlSeconds: config.keyTtlSeconds.invite,
          }),
        );
      } catch (error) {
        log.error({ err: error, to: user.email }, 'sending an invitation failed');
        throw new AccountError(502, M.invitationMailFailed);
      }
      return { error: false, message: M.invitationSent, link };
    },

    /** For operators (`npm run users -- create`): an active account with a password, no mail involved. */
    async createUser(account: NewAccount): Promise<UserRecord> {
      const passwordHash = await passwordHasher.hash(account.password);
      try {
        return users.create({
          username: account.username,
          email: account.email ?? account.username,
          name: account.name ?? '',
          passwordHash,
          status: 'active',
          roles: withMapUserRole(account.roles),
        });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new AccountError(409, error.message);
        throw error;
      }
    },

    async setPassword(username: string, password: string): Promise<UserRecord> {
      const user = users.findByUsername(username);
      if (!user) throw new AccountError(404, `No account with the username ${username}`);
      return users.setPassword(user.id, await passwordHasher.hash(password));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
