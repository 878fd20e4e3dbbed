import type { RateLimitStore } from '../../store/contract/rateLimits/RateLimitStore';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';

/** A fixed window: at most `max` attempts per `windowMs`. */
export interface RateLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * A failure throttle in the manner of Keycloak's brute-force detection (wait increments): `freeFailures`
 * failures within `windowMs` are allowed at once; the last of them and each further one impose a wait
 * that doubles from `firstWaitMs` up to `maxWaitMs`. Nothing is counted for a success.
 */
export interface FailureThrottle {
  freeFailures: number;
  windowMs: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key`; when over the limit, how many seconds until the window ends. */
  hit(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
}

export interface FailureLimiter {
  /** Whether an attempt for `key` may go ahead now (counts nothing). */
  check(key: string): Promise<LimitResult>;
  /**
   * Counts the attempt as a failure before its outcome is known, when it may go ahead (check and count in
   * one atomic update of the store, so parallel attempts cannot all pass the check before the first is
   * counted).
   */
  reserve(key: string): Promise<LimitResult>;
  /** Gives back one reserved failure of `key` (the attempt succeeded); lifts the wait it imposed. */
  release(key: string): Promise<void>;
  /** Forgets the failures of `key`. */
  reset(key: string): Promise<void>;
}

const refusal = (until: number, at: number): LimitResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil((until - at) / 1000)),
});

/**
 * Fixed-window counter kept in the database (the `bucket` rows of `store`), so a restart does not reset
 * it. Each count is one atomic update of the store, so concurrent requests cannot lose one another's.
 */
export function createRateLimiter(
  bucket: string,
  limit: RateLimit,
  store: RateLimitStore,
  now: () => number = Date.now,
): RateLimiter {
  return {
    async hit(key) {
      const at = now();
      const { count, expiresAt } = await store.update(bucket, key, (current) => {
        const fresh = !current || at >= current.windowStart + limit.windowMs;
        const windowStart = fresh ? at : current.windowStart;
        const counted = (fresh ? 0 : current.count) + 1;
        return { count: counted, windowStart, blockedUntil: 0, expiresAt: windowStart + limit.windowMs };
      });
      return count <= limit.max ? { allowed: true } : refusal(expiresAt, at);
    },
    reset: (key) => store.remove(bucket, key),
  };
}

/** The failure throttle of `FailureThrottle`, kept in the database like `createRateLimiter`. */
export function createFailureLimiter(
  bucket: string,
  throttle: FailureThrottle,
  store: RateLimitStore,
  now: () => number = Date.now,
): FailureLimiter {
  const waitAfter = (count: number) => {
    const extra = count - throttle.freeFailures;
    return extra >= 0 ? Math.min(throttle.maxWaitMs, throttle.firstWaitMs * 2 ** extra) : 0;
  };
  async function check(key: string): Promise<LimitResult> {
    const at = now();
    const current = await store.read(bucket, key);
    return current && current.blockedUntil > at ? refusal(current.blockedUntil, at) : { allowed: true };
  }
  return {
    check,
    async reserve(key) {
      const at = now();
      let result: LimitResult = { allowed: true };
      // The check and the count are one update: a waiting counter is written back unchanged.
      await store.update(bucket, key, (current) => {
        if (current && current.blockedUntil > at) {
          result = refusal(current.blockedUntil, at);
          return current;
        }
        const fresh = !current || at >= current.windowStart + throttle.windowMs;
        const windowStart = fresh ? at : current.windowStart;
        const count = (fresh ? 0 : current.count) + 1;
        const wait = waitAfter(count);
        const blockedUntil = wait > 0 ? at + wait : 0;
        const expiresAt = Math.max(windowStart + throttle.windowMs, blockedUntil);
        return { count, windowStart, blockedUntil, expiresAt };
      });
      return result;
    },
    async release(key) {
      if (!(await store.read(bucket, key))) return;
      await store.update(bucket, key, (current) => {
        if (!current) return { count: 0, windowStart: now(), blockedUntil: 0, expiresAt: now() };
        const count = Math.max(0, current.count - 1);
        // The wait stays only while the failures that remain would have imposed one themselves.
        const blockedUntil = waitAfter(count) > 0 ? current.blockedUntil : 0;
        return { ...current, count, blockedUntil };
      });
    },
    reset: (key) => store.remove(bucket, key),
  };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Limits on the calls an attacker would repeat: guessing passwords, and flooding mailboxes with
 * verification or reset mails. Per account they are tight; per address (IP) loose, because offices
 * share one: a company registering its staff, or everyone signing in at nine, never meets them.
 */
export const ACCOUNT_RATE_LIMITS = {
  verificationPerEmail: { max: 3, windowMs: HOUR },
  verificationPerIp: { max: 200, windowMs: HOUR },
  resetPerAccount: { max: 3, windowMs: HOUR },
  resetPerIp: { max: 50, windowMs: HOUR },
  /** Challenges for signing in with a passkey: an office signs in many times an hour, a flood does not. */
  passkeySignInPerIp: { max: 600, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/**
 * Wrong passwords. Only failures count, and a correct password from another address is never refused
 * because of them: the owner cannot be locked out by someone else's guesses.
 */
export const LOGIN_THROTTLES = {
  /** One account guessed from one address: 5 free failures, then 30 s, 1, 2, 4, 8 min … up to 15 min. */
  loginFailuresPerAccountIp: {
    freeFailures: 5,
    windowMs: 12 * HOUR,
    firstWaitMs: 30 * SECOND,
    maxWaitMs: 15 * MINUTE,
  },
  /** Any accounts from one address: 100 free failures an hour, then 1, 2, 4, 8 min … up to 15 min. */
  loginFailuresPerIp: { freeFailures: 100, windowMs: HOUR, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE },
  /**
   * A browser the account signed in on before (its device cookie, OWASP's "device cookies"): held only by
   * its own failures, as the account+address pair would be, never by the address's or another device's.
   */
  loginFailuresPerDevice: {
    freeFailures: 5,
    windowMs: 12 * HOUR,
    firstWaitMs: 30 * SECOND,
    maxWaitMs: 15 * MINUTE,
  },
  /**
   * Wrong second-factor codes of one account, from any address: a right password does not reset it, so
   * someone who knows the password cannot guess codes by signing in again and again.
   */
  secondFactorFailuresPerAccount: {
    freeFailures: 5,
    windowMs: 12 * HOUR,
    firstWaitMs: 30 * SECOND,
    maxWaitMs: 15 * MINUTE,
  },
} satisfies Record<string, FailureThrottle>;

/** Coupon quotes: a buyer tries a few codes; guessing needs thousands. */
export const COUPON_QUOTE_LIMITS = {
  perUser: { max: 10, windowMs: 15 * MINUTE },
  perAddress: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/** Uploads per account: changing an avatar or a signature image a few times; a loop is stopped early. */
export const UPLOAD_RATE_LIMIT: RateLimit = { max: 20, windowMs: 10 * MINUTE };

/** Map prints per account: a planner printing a few sheets in a row; a script looping is stopped. */
export const MAP_PRINT_RATE_LIMIT: RateLimit = { max: 20, windowMs: MINUTE };

/** The whole server's budget of account mails an hour: the key every mail-sending request counts under. */
export const ALL_MAILS = 'all';

export type AccountLimitName = keyof typeof ACCOUNT_RATE_LIMITS | 'accountMails';
export type LoginThrottleName = keyof typeof LOGIN_THROTTLES;

/** Throws the 429 AccountError (with Retry-After) when `result` refuses the attempt. */
export function refuseWhenLimited(result: LimitResult): void {
  if (result.allowed) return;
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new AccountError(429, M.tooManyAttempts(minutes), {}, result.retryAfterSeconds);
}

/**
 * One limiter per account limit over the persistent `store`; `enforce` counts an attempt against each
 * given limiter, `login.reserve` reserves a password guess against the login throttles; both refuse with
 * 429 and the wait in minutes.
 */
export function createAccountLimits(store: RateLimitStore, now: () => number, mailsPerHour = 500) {
  let lastPurge = 0;
  /** Expired rows are swept at most once a minute, on use, so the table cannot grow without bound. */
  async function purge() {
    const at = now();
    if (at - lastPurge < MINUTE) return;
    lastPurge = at;
    await store.purgeExpired(at);
  }
  const limits = Object.fromEntries([
    ...Object.entries(ACCOUNT_RATE_LIMITS).map(([name, limit]) => [
      name,
      createRateLimiter(name, limit, store, now),
    ]),
    ['accountMails', createRateLimiter('accountMails', { max: mailsPerHour, windowMs: HOUR }, store, now)],
  ]) as Record<AccountLimitName, RateLimiter>;
  const throttles = Object.fromEntries(
    Object.entries(LOGIN_THROTTLES).map(([name, throttle]) => [
      name,
      createFailureLimiter(name, throttle, store, now),
    ]),
  ) as Record<LoginThrottleName, FailureLimiter>;

  async function enforce(...checks: [AccountLimitName, string][]) {
    await purge();
    for (const [name, key] of checks) refuseWhenLimited(await limits[name].hit(key));
  }

  /**
   * Login: the keys the throttles count under. A trusted device (the id of the account's device cookie
   * this browser sent) counts under its own key only; any other attempt under the address and under the
   * account+address pair.
   */
  function loginKeys(username: string, ip: string, device: string | null): [LoginThrottleName, string][] {
    const account = username.toLowerCase();
    if (device) return [['loginFailuresPerDevice', `${account}|${device}`]];
    return [
      ['loginFailuresPerIp', ip],
      ['loginFailuresPerAccountIp', `${account}|${ip}`],
    ];
  }
  const login = {
    /**
     * Counts a password guess as a failure before the hash is checked (429 while the address, the
     * account+address pair or the trusted device must wait); `succeeded` gives it back.
     */
    async reserve(username: string, ip: string, device: string | null = null) {
      await purge();
      const reserved: [LoginThrottleName, string][] = [];
      for (const [name, key] of loginKeys(username, ip, device)) {
        const result = await throttles[name].reserve(key);
        if (!result.allowed) {
          for (const [doneName, doneKey] of reserved) await throttles[doneName].release(doneKey);
          refuseWhenLimited(result);
        }
        reserved.push([name, key]);
      }
    },
    /** A success forgets the pair's (or the device's) failures and never counts against the address. */
    async succeeded(username: string, ip: string, device: string | null = null) {
      for (const [name, key] of loginKeys(username, ip, device)) {
        if (name === 'loginFailuresPerIp') await throttles[name].release(key);
        else await throttles[name].reset(key);
      }
    },
    /** Until when wrong guesses hold the account back on some address (epoch ms; 0 or past: not locked). */
    blockedUntil(username: string): Promise<number> {
      return store.blockedUntilWithPrefix('loginFailuresPerAccountIp', `${username.toLowerCase()}|`);
    },
    /** Forgets the account's failures on every address (an administrator's unlock). */
    async unlock(username: string): Promise<void> {
      await store.removeWithPrefix('loginFailuresPerAccountIp', `${username.toLowerCase()}|`);
    },
  };
  const secondFactorThrottle = throttles.secondFactorFailuresPerAccount;
  const secondFactor = {
    /** Counts a code as wrong before it is checked (429 while the account must wait). */
    async reserve(userId: string) {
      await purge();
      refuseWhenLimited(await secondFactorThrottle.reserve(userId));
    },
    /** A right code forgets the account's wrong ones. */
    succeeded: (userId: string) => secondFactorThrottle.reset(userId),
  };
  return { limits, throttles, enforce, login, secondFactor };
}
