import type { Synchronous } from '../../unitOfWork/Synchronous';
import type { RateLimitState, RateLimitStore } from '../../rateLimits/RateLimitStore';
import { toRateLimitState, type RateLimitRow as Row } from '../../rateLimits/rateLimitRow';
import type { PostgresConnection } from '../PostgresConnection';

/** Rate-limit counters every app instance shares (the SQLite adapter's table, in PostgreSQL). */
export function createPostgresRateLimitStore(db: PostgresConnection): Synchronous<RateLimitStore> {
  return {
    read(bucket, key): RateLimitState | null {
      const row = db.one<Row>(
        'SELECT count, window_start, blocked_until, expires_at FROM rate_limits WHERE bucket = $1 AND key = $2',
        [bucket, key],
      );
      return row ? toRateLimitState(row) : null;
    },
    write(bucket, key, state) {
      db.run(
        `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (bucket, key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start,
           blocked_until = excluded.blocked_until, expires_at = excluded.expires_at`,
        [bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt],
      );
    },
    // The row is made first so that FOR UPDATE has a row to lock: a concurrent update waits for this one.
    update(bucket, key, next) {
      return db.transaction(() => {
        db.run(
          `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
           VALUES ($1, $2, 0, 0, 0, 0) ON CONFLICT (bucket, key) DO NOTHING`,
          [bucket, key],
        );
        const row = db.one<Row>(
          `SELECT count, window_start, blocked_until, expires_at FROM rate_limits
           WHERE bucket = $1 AND key = $2 FOR UPDATE`,
          [bucket, key],
        );
        const current = row && row.expires_at > 0 ? toRateLimitState(row) : null;
        const state = next(current);
        db.run(
          `UPDATE rate_limits SET count = $3, window_start = $4, blocked_until = $5, expires_at = $6
           WHERE bucket = $1 AND key = $2`,
          [bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt],
        );
        return state;
      });
    },
    remove(bucket, key) {
      db.run('DELETE FROM rate_limits WHERE bucket = $1 AND key = $2', [bucket, key]);
    },
    // left() instead of LIKE: a username may hold % or _.
    blockedUntilWithPrefix: (bucket, prefix) =>
      db.one<{ until: number | null }>(
        'SELECT max(blocked_until) AS until FROM rate_limits WHERE bucket = $1 AND left(key, length($2)) = $2',
        [bucket, prefix],
      )?.until ?? 0,
    removeWithPrefix: (bucket, prefix) =>
      db.run('DELETE FROM rate_limits WHERE bucket = $1 AND left(key, length($2)) = $2', [bucket, prefix]),
    purgeExpired(now) {
      db.run('DELETE FROM rate_limits WHERE expires_at <= $1', [now]);
    },
  };
}
