import type { RateLimitStore } from '../../contract/rateLimits/RateLimitStore';
import { toRateLimitState, type RateLimitRow } from '../../contract/rateLimits/rateLimitRow';
import { atomically, one, run, type SqlRepositoryDefinition } from '../SqlWork';

const UPSERT = `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
  VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (bucket, key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start,
    blocked_until = excluded.blocked_until, expires_at = excluded.expires_at`;

/** A key's counters; substr instead of LIKE for a prefix, since a username may hold % or _. */
const OF_PREFIX = 'bucket = ? AND substr(key, 1, length(?)) = ?';

/** The rate-limit counters in the `rate_limits` table (migration 15), shared by every instance. */
export const rateLimitStoreSql: SqlRepositoryDefinition<RateLimitStore> = (dialect) => ({
  *read(bucket, key) {
    const row = yield* one<RateLimitRow>(
      'SELECT count, window_start, blocked_until, expires_at FROM rate_limits WHERE bucket = ? AND key = ?',
      bucket,
      key,
    );
    return row ? toRateLimitState(row) : null;
  },
  *write(bucket, key, state) {
    yield* run(UPSERT, bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt);
  },
  // One transaction. PostgreSQL locks the row it reads (FOR UPDATE: a concurrent update waits for this
  // one), so the row is made first for there to be one to lock; SQLite runs the whole call at once and
  // writes only the counters, as many rows whether the key is new or not.
  update: (bucket, key, next) =>
    atomically(
      (function* () {
        if (dialect.forUpdate !== null)
          yield* run(
            `INSERT INTO rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
             VALUES (?, ?, 0, 0, 0, 0) ON CONFLICT (bucket, key) DO NOTHING`,
            bucket,
            key,
          );
        const row = yield* one<RateLimitRow>(
          `SELECT count, window_start, blocked_until, expires_at FROM rate_limits
           WHERE bucket = ? AND key = ?${dialect.forUpdate ?? ''}`,
          bucket,
          key,
        );
        const state = next(row && row.expires_at > 0 ? toRateLimitState(row) : null);
        yield* run(UPSERT, bucket, key, state.count, state.windowStart, state.blockedUntil, state.expiresAt);
        return state;
      })(),
    ),
  *remove(bucket, key) {
    yield* run('DELETE FROM rate_limits WHERE bucket = ? AND key = ?', bucket, key);
  },
  *blockedUntilWithPrefix(bucket, prefix) {
    const row = yield* one<{ until: number | null }>(
      `SELECT max(blocked_until) AS until FROM rate_limits WHERE ${OF_PREFIX}`,
      bucket,
      prefix,
      prefix,
    );
    return row?.until ?? 0;
  },
  *removeWithPrefix(bucket, prefix) {
    return yield* run(`DELETE FROM rate_limits WHERE ${OF_PREFIX}`, bucket, prefix, prefix);
  },
  *purgeExpired(now) {
    yield* run('DELETE FROM rate_limits WHERE expires_at <= ?', now);
  },
});
