import type { TwoFactorStore } from '../../store/contract/twoFactor/TwoFactorStore';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recoveryCodes';
import type { SecretBox } from './secretBox';
import { matchingTotpStep, normaliseTotpCode } from './totpCodes';

export interface SecondFactorThrottle {
  reserve(userId: string): Promise<void>;
  succeeded(userId: string): Promise<void>;
}

/**
 * Checks a typed second-factor code: the authenticator app's (each 30-second step once) or an unused
 * recovery code (spent by it). Every check is reserved against the account's second-factor throttle
 * before the code is looked at, and given back when it was right.
 */
export function createSecondFactorCheck(deps: {
  twoFactor: TwoFactorStore;
  secretBox: SecretBox;
  throttle: SecondFactorThrottle;
  now: () => number;
}) {
  const { twoFactor, secretBox, throttle, now } = deps;

  /** Null when the secret was sealed under another server secret: its codes can no longer be checked. */
  function openedSecret(sealed: string): string | null {
    try {
      return secretBox.open(sealed);
    } catch {
      return null;
    }
  }

  async function totpAccepted(userId: string, code: string): Promise<boolean> {
    const factor = await twoFactor.findTotp(userId);
    if (!factor?.confirmedAt) return false;
    const at = now();
    const secret = openedSecret(factor.secret);
    const step = secret === null ? null : matchingTotpStep(secret, code, at);
    // The step is taken in one conditional update: the same code sent twice at once passes once.
    return step !== null && (await twoFactor.acceptTotpStep(userId, step, at));
  }

  async function accepted(userId: string, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(normaliseTotpCode(code))) return totpAccepted(userId, code);
    if (!looksLikeRecoveryCode(code) || !(await hasTotp(userId))) return false;
    return twoFactor.useRecoveryCode(userId, recoveryCodeHash(code), now());
  }

  async function hasTotp(userId: string): Promise<boolean> {
    return Boolean((await twoFactor.findTotp(userId))?.confirmedAt);
  }

  return {
    hasTotp,
    /** Throws `status` (401 at sign-in, 400 in a signed-in form) for a wrong or used code, 429 when held. */
    async check(userId: string, code: string, status: 400 | 401): Promise<void> {
      await throttle.reserve(userId);
      if (!(await accepted(userId, code))) throw new AccountError(status, M.secondFactorWrong);
      await throttle.succeeded(userId);
    },
  };
}

export type SecondFactorCheck = ReturnType<typeof createSecondFactorCheck>;
