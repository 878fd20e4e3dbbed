import { createHash, randomBytes } from 'node:crypto';
import type { OneTimeTokenStore } from '../../store/contract/reports/OneTimeTokenStore';

/** What a one-time token opens: the automated assessment page, or a report file (PDF, DXF, IFC). */
export type OneTimeTokenPurpose = 'assessment' | 'export';

/** Lifetime of a one-time token (five minutes, ADR 013). */
export const ONE_TIME_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

export interface TokenHolder {
  userId: string;
  sessionId: string;
}

export type TokenCheck =
  | { ok: true; holder: TokenHolder }
  | { ok: false; reason: 'missing' | 'unknown' | 'used' | 'expired' | 'wrongParcel' | 'wrongPurpose' };

/**
 * One-time tokens for tabs that cannot send a bearer header (spec §7 ott_token): 256 random bits,
 * stored as SHA-256 only, bound to the user, the sign-in session, the parcel and the purpose, expiring
 * after ONE_TIME_TOKEN_TTL_MS and usable once.
 */
export interface OneTimeTokens {
  issue(holder: TokenHolder, prcId: string, purpose: OneTimeTokenPurpose): Promise<IssuedToken>;
  /** Whether the token may open this parcel for this purpose now (does not use it). */
  check(token: string | undefined, prcId: string, purpose: OneTimeTokenPurpose): Promise<TokenCheck>;
  /**
   * Uses the token: true for exactly one caller, however many requests race with it. Call it in the
   * unit of work that serves the page or file.
   */
  take(token: string): Promise<boolean>;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function createOneTimeTokens(
  store: OneTimeTokenStore,
  now: () => number = () => Date.now(),
): OneTimeTokens {
  return {
    async issue(holder, prcId, purpose) {
      const at = now();
      // Expired tokens are useless: sweeping them at issue keeps the table to a few minutes of tokens.
      await store.purgeExpired(at);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = at + ONE_TIME_TOKEN_TTL_MS;
      await store.save({ tokenHash: hash(token), ...holder, prcId, purpose, expiresAt });
      return { token, expiresAt: new Date(expiresAt).toISOString() };
    },
    async check(token, prcId, purpose) {
      if (!token) return { ok: false, reason: 'missing' };
      const record = await store.find(hash(token));
      if (!record) return { ok: false, reason: 'unknown' };
      if (record.usedAt !== null) return { ok: false, reason: 'used' };
      if (record.expiresAt <= now()) return { ok: false, reason: 'expired' };
      if (record.purpose !== purpose) return { ok: false, reason: 'wrongPurpose' };
      if (record.prcId !== prcId) return { ok: false, reason: 'wrongParcel' };
      return { ok: true, holder: { userId: record.userId, sessionId: record.sessionId } };
    },
    async take(token) {
      return (await store.take(hash(token), now())) !== null;
    },
  };
}
