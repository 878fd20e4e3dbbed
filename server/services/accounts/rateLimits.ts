import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';

export interface RateLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key`; when over the limit, how many seconds until the window ends. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  reset(key: string): void;
}

/**
 * Fixed-window counter in memory: enough for the one-process server (design §1). Old windows are swept
 * on use so the map cannot grow without bound.
 */
export function createRateLimiter(limit: RateLimit, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < limit.windowMs) return;
    lastSweep = at;
    for (const [key, window] of windows) if (at - window.start >= limit.windowMs) windows.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      sweep(at);
      const current = windows.get(key);
      const window = current && at - current.start < limit.windowMs ? current : { start: at, count: 0 };
      window.count += 1;
      windows.set(key, window);
      if (window.count <= limit.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.ceil((window.start + limit.windowMs - at) / 1000) };
    },
    reset: (key) => void windows.delete(key),
  };
}

const MINUTE = 60_000;

/**
 * Limits on the calls an attacker would repeat: guessing passwords, and flooding mailboxes with
 * verification or reset mails. Per account they are tight; per IP looser (offices share an address).
 */
export const ACCOUNT_RATE_LIMITS = {
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  verificationPerEmail: { max: 3, windowMs: 60 * MINUTE },
  verificationPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

/** The whole server's budget of account mails an hour: the key every mail-sending request counts under. */
export const ALL_MAILS = 'all';

export type AccountLimitName = keyof typeof ACCOUNT_RATE_LIMITS | 'accountMails';

/**
 * One limiter per account limit, and `enforce`, which counts an attempt against each given limiter and
 * refuses with 429 and the wait in minutes when one is over.
 */
export function createAccountLimits(now: () => number, mailsPerHour = 500) {
  const limits = Object.fromEntries([
    ...Object.entries(ACCOUNT_RATE_LIMITS).map(([name, limit]) => [name, createRateLimiter(limit, now)]),
    ['accountMails', createRateLimiter({ max: mailsPerHour, windowMs: 60 * MINUTE }, now)],
  ]) as Record<AccountLimitName, RateLimiter>;
  function enforce(...checks: [AccountLimitName, string][]) {
    for (const [name, key] of checks) {
      const result = limits[name].hit(key);
      if (!result.allowed) {
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
        throw new AccountError(429, M.tooManyAttempts(minutes), {}, result.retryAfterSeconds);
      }
    }
  }
  return { limits, enforce };
}
