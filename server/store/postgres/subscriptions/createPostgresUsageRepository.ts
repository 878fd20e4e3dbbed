import type { QuotaKind } from '../../../../src/contract/Subscription';
import type { UsageRepository } from '../../contract/subscriptions/UsageRepository';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';

/**
 * Usage counters shared by every app instance. `tryIncrement` is one upsert whose update only applies
 * below the limit: PostgreSQL locks the row for it, so concurrent requests on several instances can
 * never push the count past the limit.
 */
export function createPostgresUsageRepository(db: PostgresConnection): UsageRepository {
  return {
    recordDistinctMany: async (userId, periodStart, kind, keys) =>
      (
        await db.query<{ request_key: string }>(
          `INSERT INTO counted_requests (user_id, period_start, kind, request_key, counted_at)
           SELECT $1, $2, $3, key, $5 FROM unnest($4::text[]) AS key
           ON CONFLICT DO NOTHING RETURNING request_key`,
          [userId, periodStart, kind, toTextArray(keys), new Date().toISOString()],
        )
      ).map((row) => row.request_key),
    async forgetDistinctMany(userId, periodStart, kind, keys) {
      await db.run(
        `DELETE FROM counted_requests
         WHERE user_id = $1 AND period_start = $2 AND kind = $3 AND request_key = ANY($4::text[])`,
        [userId, periodStart, kind, toTextArray(keys)],
      );
    },
    tryIncrementBy: async (userId, periodStart, kind, uses, limit) =>
      (await db.run(
        `INSERT INTO usage_counters AS counter (user_id, period_start, kind, used)
         SELECT $1, $2, $3, $4::integer WHERE $4::integer <= $5::integer
         ON CONFLICT (user_id, period_start, kind) DO UPDATE SET used = counter.used + $4::integer
         WHERE counter.used + $4::integer <= $5::integer`,
        [userId, periodStart, kind, uses, limit],
      )) === 1,
    tryIncrement: async (userId, periodStart, kind, limit) =>
      (await db.run(
        `INSERT INTO usage_counters AS counter (user_id, period_start, kind, used)
         SELECT $1, $2, $3, 1 WHERE $4::integer > 0
         ON CONFLICT (user_id, period_start, kind) DO UPDATE SET used = counter.used + 1
         WHERE counter.used < $4::integer`,
        [userId, periodStart, kind, limit],
      )) === 1,
    async read(userId, periodStart) {
      const usage: Record<QuotaKind, number> = { advance_search: 0, full_view: 0, report_download: 0 };
      const rows = await db.query<{ kind: QuotaKind; used: number }>(
        'SELECT kind, used FROM usage_counters WHERE user_id = $1 AND period_start = $2',
        [userId, periodStart],
      );
      for (const row of rows) usage[row.kind] = row.used;
      return usage;
    },
    recordDistinct: async (userId, periodStart, kind, key) =>
      (await db.run(
        `INSERT INTO counted_requests (user_id, period_start, kind, request_key, counted_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [userId, periodStart, kind, key, new Date().toISOString()],
      )) === 1,
    async forgetDistinct(userId, periodStart, kind, key) {
      await db.run(
        'DELETE FROM counted_requests WHERE user_id = $1 AND period_start = $2 AND kind = $3 AND request_key = $4',
        [userId, periodStart, kind, key],
      );
    },
  };
}
