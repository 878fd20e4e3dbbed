import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { UnitOfWork } from '../../store/contract/Stores';
import type { RateLimitStore } from '../../store/contract/rateLimits/RateLimitStore';
import type { EmailChangeStore } from '../../store/contract/settings/EmailChangeStore';
import type { AccountKeyKind, AccountKeyStore } from '../../store/contract/users/AccountKeyStore';
import type { UserRecord, UserStore } from '../../store/contract/users/UserStore';
import type { TwoFactorStore } from '../../store/contract/twoFactor/TwoFactorStore';
import type { Mail, Mailer } from '../mail/mailer';
import type { SessionService } from '../sessions/SessionService';
import type { TokenAudience, TokenService } from '../tokens/TokenService';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import { accountKeys, passwordHasher } from './credentials';
import { createAccountLimits } from './rateLimits';
import { createSecondFactorCheck } from './secondFactorCheck';
import { createSecretBox } from './secretBox';
import { passkeyCeremonies } from './passkeyCeremonies';
import type { AuthenticationResponseJSON } from '../../../src/contract/TwoFactor';

export interface AccountServiceDeps {
  config: Pick<Config, 'publicUrl' | 'keyTtlSeconds' | 'jwtSecret' | 'passkeyOrigin'> &
    Partial<Pick<Config, 'accountMailsPerHour'>>;
  tokens: TokenService;
  sessions: Pick<SessionService, 'start' | 'revokeAllForUser' | 'startedAt'>;
  users: UserStore;
  keys: AccountKeyStore;
  /** Authenticator apps, recovery codes, passkeys and pending sign-ins. */
  twoFactor: TwoFactorStore;
  /** Pending and applied e-mail changes with their confirmation and undo keys. */
  emailChanges: EmailChangeStore;
  /** Where the rate-limit counters live (they survive a restart). */
  rateLimits: RateLimitStore;
  unitOfWork: UnitOfWork;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  now?: () => number;
}

/** A sign-in this recent stands in for the current password when changing e-mail or password. */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;

/**
 * What every group of account actions shares: the dependencies, the rate limits, and the steps several
 * actions take (issuing a mailed key, sending a mail without waiting, signing a token, finding the
 * caller, setting a password with a key).
 */
export function createAccountKit(deps: AccountServiceDeps) {
  const { config, tokens, sessions, users, keys, twoFactor, unitOfWork, mailer, log } = deps;
  const now = deps.now ?? (() => Date.now());
  const passkeys = passkeyCeremonies(config.passkeyOrigin);
  const { limits, enforce, login, secondFactor } = createAccountLimits(
    deps.rateLimits,
    now,
    config.accountMailsPerHour,
  );
  const secretBox = createSecretBox(config.jwtSecret);
  const secondFactorCheck = createSecondFactorCheck({
    twoFactor: deps.twoFactor,
    secretBox,
    throttle: secondFactor,
    now,
  });

  async function issueKey(kind: AccountKeyKind, email: string, userId: string | null): Promise<string> {
    // Spent and expired keys are useless; sweeping them here keeps the table small without a timer.
    await keys.purgeExpired(now());
    const { key, hash } = accountKeys.create();
    const ttl = config.keyTtlSeconds[kind === 'verification' ? 'verification' : kind];
    await keys.add(hash, { kind, email, userId, expiresAt: now() + ttl * 1000 });
    return key;
  }

  /** Sends without making the caller wait, so a reply takes as long whether or not a mail went out. */
  function deliverLater(mail: Mail) {
    mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'sending a mail failed'));
  }

  /** A token for the user's sign-in session `sessionId` (the SSO and the main token of a login share it). */
  const signToken = (audience: TokenAudience, user: UserRecord, sessionId: string) =>
    tokens.sign(audience, { sub: user.id, username: user.username, roles: user.roles, sid: sessionId });

  async function mustFindUser(userId: string): Promise<UserRecord> {
    const user = await users.findById(userId);
    if (!user) throw new AccountError(401, 'Your session has ended. Please log in again');
    return user;
  }

  /**
   * Re-authentication before an e-mail or password change: the current password, or a
   * sign-in of this session within the last 15 minutes. Wrong passwords count against the login throttle
   * of the account (keyed by session), so a stolen token cannot be used to guess the password. An account
   * with an authenticator app gives its code (or a recovery code) too, whatever the sign-in's age.
   */
  /**
   * The current password (or a recent sign-in), then the second factor when the account has one: a code
   * of the authenticator app, or an answer of one of its passkeys to the challenge it was given for this
   * (`POST /api/user/two-factor/passkeys/confirm-options`).
   */
  async function reauthenticate(
    user: UserRecord,
    currentPassword: string,
    sessionId: string,
    change: 'email' | 'password',
    factor: { code?: string; passkey?: AuthenticationResponseJSON } = {},
  ) {
    await checkPasswordOrRecentSignIn(user, currentPassword, sessionId, change);
    const code = factor.code?.trim() ?? '';
    if (factor.passkey && !code) {
      await checkPasskeyConfirmation(user.id, factor.passkey);
      return;
    }
    if (await secondFactorCheck.hasTotp(user.id)) {
      if (!code) throw new AccountError(400, M.secondFactorCodeRequired);
      await secondFactorCheck.check(user.id, code, 400);
      return;
    }
    if ((await twoFactor.listPasskeys(user.id)).length > 0) throw new AccountError(400, M.passkeyRequired);
  }

  /** A passkey of the account signed the confirmation challenge it was given (spent here, throttled). */
  async function checkPasskeyConfirmation(userId: string, response: AuthenticationResponseJSON) {
    await secondFactor.reserve(userId);
    const challenge = await twoFactor.takeChallenge(userId, now());
    const key = await twoFactor.findPasskey(response.id);
    const counter =
      challenge && key?.userId === userId
        ? await passkeys.verifyAuthentication(response, challenge, key)
        : null;
    if (!key || counter === null) throw new AccountError(400, M.passkeyFailed);
    await twoFactor.usePasskey(key.id, counter, now());
    await secondFactor.succeeded(userId);
  }

  async function checkPasswordOrRecentSignIn(
    user: UserRecord,
    currentPassword: string,
    sessionId: string,
    change: 'email' | 'password',
  ) {
    if (currentPassword) {
      await checkCurrentPassword(user, currentPassword, sessionId);
      return;
    }
    const startedAt = await sessions.startedAt(sessionId);
    if (startedAt !== null && now() - startedAt <= RECENT_SIGN_IN_MS) return;
    throw new AccountError(
      400,
      change === 'email' ? M.currentPasswordForEmail : M.currentPasswordForPassword,
    );
  }

  /** The current password, reserved against the account's login throttle (keyed by session) first. */
  async function checkCurrentPassword(user: UserRecord, currentPassword: string, sessionId: string) {
    const throttleKey = `session:${sessionId}`;
    await login.reserve(user.username, throttleKey);
    const ok = user.passwordHash ? await passwordHasher.verify(user.passwordHash, currentPassword) : false;
    if (!ok) throw new AccountError(400, M.currentPasswordWrong);
    await login.succeeded(user.username, throttleKey);
  }

  /** Sets a new password with a single-use key: the key is spent and the password set together or not at all. */
  async function setPasswordWithKey(
    kind: 'reset' | 'invite',
    keyValue: string,
    password: string,
    invalid: string,
  ) {
    const hash = accountKeys.hash(keyValue);
    const key = await keys.findValid(kind, hash, now());
    if (!key?.userId) throw new AccountError(400, invalid);
    const passwordHash = await passwordHasher.hash(password);
    const userId = key.userId;
    await unitOfWork(async () => {
      if (!(await keys.consume(kind, hash, now()))) throw new AccountError(400, invalid);
      await users.setPassword(userId, passwordHash);
      await keys.revokeForUser(kind, userId, now());
      await sessions.revokeAllForUser(userId);
    });
  }

  return {
    ...deps,
    now,
    limits,
    enforce,
    loginLimits: login,
    issueKey,
    deliverLater,
    signToken,
    ssoToken: (user: UserRecord, sessionId: string) => signToken('sso', user, sessionId),
    /** Starts a new sign-in session and returns its SSO token. */
    newSessionToken: async (user: UserRecord) => signToken('sso', user, await sessions.start(user.id)),
    mustFindUser,
    setPasswordWithKey,
    reauthenticate,
    checkCurrentPassword,
    secretBox,
    secondFactorCheck,
    secondFactorThrottle: secondFactor,
    passkeys,
  };
}

export type AccountKit = ReturnType<typeof createAccountKit>;
