import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { RateLimitState, RateLimitStore } from '../../contract/rateLimits/RateLimitStore';
import { toRateLimitState, type RateLimitRow as Row } from '../../contract/rateLimits/rateLimitRow';

/** The rate-limit counters in the `rate_limits` table (migration 15). */
export function createSqliteRateLimitStore(db: Database): Synchronous<RateLimitStore> {
  const select = db.prepare<[string, string], Row>(
    'SELECT count, window_start, blocked_until, expires_at FROM rate_limits WHERE bucket = ? AND key = ?',
  );
  const upsert = db.prepare<[string, string, number, number, number, number]>(
    `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (bucket, key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start,
       blocked_until = excluded.blocked_until, expires_at = excluded.expires_at`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM rate_limits WHERE bucket = ? AND key = ?');
  // substr instead of LIKE: a username may hold % or _.
  const blockedWithPrefix = db.prepare<[string, string, string], { until: number | null }>(
    'SELECT max(blocked_until) AS until FROM rate_limits WHERE bucket = ? AND substr(key, 1, length(?)) = ?',
  );
  const removeWithPrefix = db.prepare<[string, string, string]>(
    'DELETE FROM rate_limits WHERE bucket = ? AND substr(key, 1, length(?)) = ?',
  );
  const purge = db.prepare<[number]>('DELETE FROM rate_limits WHERE expires_at <= ?');
  return {
    read(bucket, key): RateLimitState | null {
      const row = select.get(bucket, key);
      return row ? toRateLimitState(row) : null;
    },
    write(bucket, key, state) {
      upsert.run(bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt);
    },
    // One synchronous call: nothing runs between the read and the write.
    update(bucket, key, next) {
      const row = select.get(bucket, key);
      const state = next(row ? toRateLimitState(row) : null);
      upsert.run(bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt);
      return state;
    },
    remove(bucket, key) {
      remove.run(bucket, key);
    },
    blockedUntilWithPrefix: (bucket, prefix) => blockedWithPrefix.get(bucket, prefix, prefix)?.until ?? 0,
    removeWithPrefix: (bucket, prefix) => removeWithPrefix.run(bucket, prefix, prefix).changes,
    purgeExpired(now) {
      purge.run(now);
    },
  };
}
