import type { LoginResponse, MessageResponse } from '../../../src/contract/Accounts';
import type {
  AuthenticationResponseJSON,
  DisableTotpRequest,
  SecondFactorLoginRequest,
  SecondFactorMethod,
  TotpConfirmed,
  TotpEnrolment,
  TwoFactorStatus,
} from '../../../src/contract/TwoFactor';
import type { UserRecord } from '../../store/contract/users/UserStore';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import type { AccountKit } from './accountKit';
import { accountKeys, text } from './credentials';
import { newRecoveryCodes } from './recoveryCodes';
import { matchingTotpStep, newTotpSecret, totpEnrolment } from './totpCodes';

/** A right password waits this long for its second factor. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;

/**
 * The authenticator app (TOTP) of an account and the second step of a sign-in: enrol (QR code and secret),
 * confirm with a first code (which gives the ten recovery codes, shown once), turn off with the password
 * and a code; a right password of an enrolled account gets a pending-login key instead of a session.
 */
export function twoFactorActions(kit: AccountKit) {
  const {
    twoFactor,
    secretBox,
    secondFactorCheck,
    passkeys,
    newSessionToken,
    mustFindUser,
    unitOfWork,
    now,
  } = kit;

  async function status(userId: string): Promise<TwoFactorStatus> {
    const [totp, passkeys, required] = await Promise.all([
      twoFactor.findTotp(userId),
      twoFactor.listPasskeys(userId),
      twoFactor.isRequired(userId),
    ]);
    const enabled = Boolean(totp?.confirmedAt);
    return {
      totp: enabled,
      recoveryCodesLeft: enabled ? await twoFactor.remainingRecoveryCodes(userId) : 0,
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
      required,
    };
  }

  return {
    twoFactorStatus: status,

    /** Whether the account's company requires a second factor that it has not set up yet. */
    async twoFactorSetupRequired(userId: string): Promise<boolean> {
      return (await twoFactor.isRequired(userId)) && !(await twoFactor.isEnrolled(userId));
    },

    /** A new secret for the account (replacing an unconfirmed one); the only time it leaves the server. */
    async startTotp(userId: string): Promise<TotpEnrolment> {
      const user = await mustFindUser(userId);
      const secret = newTotpSecret();
      if (!(await twoFactor.startTotp(userId, secretBox.seal(secret), now()))) {
        throw new AccountError(409, M.totpAlreadyEnabled);
      }
      return { secret, ...(await totpEnrolment(secret, user.username)) };
    },

    /** The first code proves the app holds the secret; the reply carries the recovery codes, once. */
    async confirmTotp(userId: string, body: { code?: string }): Promise<TotpConfirmed> {
      const code = text(body.code);
      if (!code) throw new AccountError(400, M.secondFactorCodeRequired);
      const factor = await twoFactor.findTotp(userId);
      if (!factor) throw new AccountError(400, M.totpNotStarted);
      if (factor.confirmedAt) throw new AccountError(409, M.totpAlreadyEnabled);
      await kit.secondFactorThrottle.reserve(userId);
      const at = now();
      const step = matchingTotpStep(secretBox.open(factor.secret), code, at);
      const { codes, hashes } = newRecoveryCodes();
      const confirmed =
        step !== null &&
        (await unitOfWork(async () => {
          if (!(await twoFactor.acceptTotpStep(userId, step, at))) return false;
          await twoFactor.replaceRecoveryCodes(userId, hashes);
          return true;
        }));
      if (!confirmed) throw new AccountError(400, M.secondFactorWrong);
      await kit.secondFactorThrottle.succeeded(userId);
      return { error: false, message: M.totpEnabled, recoveryCodes: codes };
    },

    /**
     * Turns the app off with the current password and a code. Refused while the company requires a
     * second factor and no passkey would remain.
     */
    async disableTotp(
      userId: string,
      body: Partial<DisableTotpRequest>,
      sessionId: string,
    ): Promise<MessageResponse> {
      await confirmAppChange(userId, body, sessionId, async () => {
        if ((await twoFactor.isRequired(userId)) && (await twoFactor.listPasskeys(userId)).length === 0) {
          throw new AccountError(403, M.totpRequiredBySite);
        }
      });
      await twoFactor.removeTotp(userId);
      return { error: false, message: M.totpDisabled };
    },

    /**
     * Ten new recovery codes for the authenticator app (the old ones stop working), with the current
     * password and a code: for an account whose codes ran low or were exposed.
     */
    async renewRecoveryCodes(
      userId: string,
      body: Partial<DisableTotpRequest>,
      sessionId: string,
    ): Promise<TotpConfirmed> {
      await confirmAppChange(userId, body, sessionId);
      const { codes, hashes } = newRecoveryCodes();
      await twoFactor.replaceRecoveryCodes(userId, hashes);
      return { error: false, message: M.recoveryCodesRenewed, recoveryCodes: codes };
    },

    /**
     * After a right password: a pending-login key (random, stored as SHA-256, single use, five minutes)
     * when the account has a second factor; null when it has none.
     */
    async pendingLogin(user: UserRecord): Promise<LoginResponse | null> {
      if (!(await twoFactor.isEnrolled(user.id))) return null;
      await twoFactor.purgeExpiredPendingLogins(now());
      const { key, hash } = accountKeys.create();
      const keys = await twoFactor.listPasskeys(user.id);
      const passkeyOptions = keys.length > 0 ? await passkeys.authenticationOptions(keys) : undefined;
      const challenge = passkeyOptions?.challenge ?? accountKeys.create().key;
      await twoFactor.addPendingLogin(hash, {
        userId: user.id,
        challenge,
        expiresAt: now() + PENDING_LOGIN_TTL_MS,
      });
      const methods: SecondFactorMethod[] = [];
      if (await secondFactorCheck.hasTotp(user.id)) methods.push('totp');
      if (passkeyOptions) methods.push('passkey');
      return {
        error: false,
        message: M.secondFactorRequired,
        secondFactorRequired: true,
        pendingLogin: key,
        methods,
        ...(passkeyOptions ? { passkeyOptions } : {}),
      };
    },

    /**
     * The second step: a right code, or a passkey's answer, for an unspent pending login starts the session.
     * The reply names the account's username, for the route's device cookie.
     */
    async completeLogin(
      body: Partial<SecondFactorLoginRequest>,
    ): Promise<{ response: LoginResponse; username: string }> {
      const hash = accountKeys.hash(text(body.pendingLogin));
      const pending = await twoFactor.findPendingLogin(hash, now());
      if (!pending) throw new AccountError(400, M.pendingLoginInvalid);
      if (body.passkey) {
        await checkPasskey(pending.userId, pending.challenge, body.passkey);
      } else {
        const code = text(body.code);
        if (!code) throw new AccountError(400, M.secondFactorCodeRequired);
        await secondFactorCheck.check(pending.userId, code, 401);
      }
      return startPendingSession(hash, pending.userId);
    },
  };

  /**
   * A change of the authenticator app (turning it off, new recovery codes) needs the app, the current
   * password and a code; `refuse` runs the change's own refusals before the password is checked.
   */
  async function confirmAppChange(
    userId: string,
    body: Partial<DisableTotpRequest>,
    sessionId: string,
    refuse: () => Promise<void> = async () => undefined,
  ) {
    const password = text(body.currentPassword);
    const code = text(body.code);
    if (!password) throw new AccountError(400, M.currentPasswordForPassword);
    if (!code) throw new AccountError(400, M.secondFactorCodeRequired);
    const user = await mustFindUser(userId);
    if (!(await secondFactorCheck.hasTotp(userId))) throw new AccountError(400, M.totpNotEnabled);
    await refuse();
    await kit.checkCurrentPassword(user, password, sessionId);
    await secondFactorCheck.check(userId, code, 400);
  }

  /** A passkey of the account signed the pending login's challenge (reserved against the throttle too). */
  async function checkPasskey(userId: string, challenge: string, response: AuthenticationResponseJSON) {
    await kit.secondFactorThrottle.reserve(userId);
    const key = await twoFactor.findPasskey(text(response.id));
    const counter =
      key && key.userId === userId ? await passkeys.verifyAuthentication(response, challenge, key) : null;
    if (!key || counter === null) throw new AccountError(401, M.passkeyFailed);
    await twoFactor.usePasskey(key.id, counter, now());
    await kit.secondFactorThrottle.succeeded(userId);
  }

  async function startPendingSession(hash: string, userId: string) {
    if (!(await twoFactor.consumePendingLogin(hash, now())))
      throw new AccountError(400, M.pendingLoginInvalid);
    const user = await mustFindUser(userId);
    const response: LoginResponse = {
      token: await newSessionToken(user),
      error: false,
      message: M.loginSucceeded,
    };
    return { response, username: user.username };
  }
}

export type TwoFactorActions = ReturnType<typeof twoFactorActions>;
