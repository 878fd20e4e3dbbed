/** One counter of a rate limit: how many attempts (or failures) since `windowStart`, and any wait imposed. */
export interface RateLimitState {
  count: number;
  /** When the counted window began (ms since epoch). */
  windowStart: number;
  /** No attempt is accepted before this time (ms since epoch; 0 = none). */
  blockedUntil: number;
  /** After this time the row means nothing and may be deleted (ms since epoch). */
  expiresAt: number;
}

/**
 * Where the rate limiter keeps its counters, so they survive a restart. `bucket` names the limit
 * (e.g. `loginFailuresPerIp`), `key` what it counts (an address, an account, a pair).
 */
export interface RateLimitStore {
  read(bucket: string, key: string): Promise<RateLimitState | null>;
  write(bucket: string, key: string, state: RateLimitState): Promise<void>;
  /**
   * Replaces the counter with `next(current)` as one step: no other update of the same counter (of this
   * process or another instance) comes between the read and the write. Returns the stored state.
   */
  update(
    bucket: string,
    key: string,
    next: (current: RateLimitState | null) => RateLimitState,
  ): Promise<RateLimitState>;
  remove(bucket: string, key: string): Promise<void>;
  /** The latest `blockedUntil` among the counters of `bucket` whose key starts with `prefix` (0 if none). */
  blockedUntilWithPrefix(bucket: string, prefix: string): Promise<number>;
  /** Deletes the counters of `bucket` whose key starts with `prefix` (unlocking an account on every address). */
  removeWithPrefix(bucket: string, prefix: string): Promise<number>;
  /** Deletes every counter expired at `now`. */
  purgeExpired(now: number): Promise<void>;
}
