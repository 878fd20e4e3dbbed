import type { RateLimitState } from './RateLimitStore';

/** A `rate_limits` row as both adapters read it. */
export interface RateLimitRow {
  count: number;
  window_start: number;
  blocked_until: number;
  expires_at: number;
}

export const toRateLimitState = (row: RateLimitRow): RateLimitState => ({
  count: row.count,
  windowStart: row.window_start,
  blockedUntil: row.blocked_until,
  expiresAt: row.expires_at,
});
