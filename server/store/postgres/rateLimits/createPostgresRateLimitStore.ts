import type { RateLimitState, RateLimitStore } from '../../contract/rateLimits/RateLimitStore';
import { toRateLimitState, type RateLimitRow as Row } from '../../contract/rateLimits/rateLimitRow';
import type { PostgresConnection } from '../PostgresConnection';

/** Rate-limit counters every app instance shares (the SQLite adapter's table, in PostgreSQL). */
export function createPostgresRateLimitStore(db: PostgresConnection): RateLimitStore {
  return {
    async read(bucket, key): Promise<RateLimitState | null> {
      const row = await db.one<Row>(
        'SELECT count, window_start, blocked_until, expires_at FROM rate_limits WHERE bucket = $1 AND key = $2',
        [bucket, key],
      );
      return row ? toRateLimitState(row) : null;
    },
    async write(bucket, key, state) {
      await db.run(
        `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (bucket, key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start,
           blocked_until = excluded.blocked_until, expires_at = excluded.expires_at`,
        [bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt],
      );
    },
    // The row is made first so that FOR UPDATE has a row to lock: a concurrent update waits for this one.
    async update(bucket, key, next) {
      return await db.transaction(async () => {
        await db.run(
          `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
           VALUES ($1, $2, 0, 0, 0, 0) ON CONFLICT (bucket, key) DO NOTHING`,
          [bucket, key],
        );
        const row = await db.one<Row>(
          `SELECT count, window_start, blocked_until, expires_at FROM rate_limits
           WHERE bucket = $1 AND key = $2 FOR UPDATE`,
          [bucket, key],
        );
        const current = row && row.expires_at > 0 ? toRateLimitState(row) : null;
        const state = next(current);
        await db.run(
          `UPDATE rate_limits SET count = $3, window_start = $4, blocked_until = $5, expires_at = $6
           WHERE bucket = $1 AND key = $2`,
          [bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt],
        );
        return state;
      });
    },
    async remove(bucket, key) {
      await db.run('DELETE FROM rate_limits WHERE bucket = $1 AND key = $2', [bucket, key]);
    },
    // left() instead of LIKE: a username may hold % or _.
    blockedUntilWithPrefix: async (bucket, prefix) =>
      (
        await db.one<{ until: number | null }>(
          'SELECT max(blocked_until) AS until FROM rate_limits WHERE bucket = $1 AND left(key, length($2)) = $2',
          [bucket, prefix],
        )
      )?.until ?? 0,
    removeWithPrefix: async (bucket, prefix) =>
      await db.run('DELETE FROM rate_limits WHERE bucket = $1 AND left(key, length($2)) = $2', [
        bucket,
        prefix,
      ]),
    async purgeExpired(now) {
      await db.run('DELETE FROM rate_limits WHERE expires_at <= $1', [now]);
    },
  };
}
