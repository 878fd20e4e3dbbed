import type { QuotaKind } from '../../../../src/contract/Subscription';
import type { UsageRepository } from '../../contract/subscriptions/UsageRepository';
import { all, run, type SqlRepositoryDefinition } from '../SqlWork';

/**
 * Usage counters. `tryIncrement` and `tryIncrementBy` are one upsert whose update only applies within the
 * limit: the database runs it atomically per row, so concurrent requests (on several instances, on
 * PostgreSQL) can never push the count past the limit.
 */
export const usageRepositorySql: SqlRepositoryDefinition<UsageRepository> = (dialect) => ({
  // The keys as one parameter: one statement per batch (a page of 1,000 OGC items) instead of one per key.
  *recordDistinctMany(userId, periodStart, kind, keys) {
    const rows = yield* all<{ request_key: string }>(
      `INSERT INTO counted_requests (user_id, period_start, kind, request_key, counted_at)
       SELECT ?, ?, ?, value, ? FROM ${dialect.textSet} AS keys WHERE true
       ON CONFLICT DO NOTHING RETURNING request_key`,
      userId,
      periodStart,
      kind,
      new Date().toISOString(),
      dialect.textSetValue(keys),
    );
    const inserted = new Set(rows.map((row) => row.request_key));
    // In the order given, each key once (RETURNING's order is the database's).
    return keys.filter((key) => inserted.delete(key));
  },
  *forgetDistinctMany(userId, periodStart, kind, keys) {
    yield* run(
      `DELETE FROM counted_requests
       WHERE user_id = ? AND period_start = ? AND kind = ? AND request_key IN ${dialect.textSet}`,
      userId,
      periodStart,
      kind,
      dialect.textSetValue(keys),
    );
  },
  *tryIncrementBy(userId, periodStart, kind, uses, limit) {
    const counted = yield* run(
      `INSERT INTO usage_counters AS counter (user_id, period_start, kind, used)
       SELECT ?, ?, ?, CAST(? AS INTEGER) WHERE CAST(? AS INTEGER) <= CAST(? AS INTEGER)
       ON CONFLICT (user_id, period_start, kind) DO UPDATE SET used = counter.used + excluded.used
       WHERE counter.used + excluded.used <= CAST(? AS INTEGER)`,
      userId,
      periodStart,
      kind,
      uses,
      uses,
      limit,
      limit,
    );
    return counted === 1;
  },
  *tryIncrement(userId, periodStart, kind, limit) {
    const counted = yield* run(
      `INSERT INTO usage_counters AS counter (user_id, period_start, kind, used)
       SELECT ?, ?, ?, 1 WHERE CAST(? AS INTEGER) > 0
       ON CONFLICT (user_id, period_start, kind) DO UPDATE SET used = counter.used + 1
       WHERE counter.used < CAST(? AS INTEGER)`,
      userId,
      periodStart,
      kind,
      limit,
      limit,
    );
    return counted === 1;
  },
  *read(userId, periodStart) {
    const usage: Record<QuotaKind, number> = { advance_search: 0, full_view: 0, report_download: 0 };
    const rows = yield* all<{ kind: QuotaKind; used: number }>(
      'SELECT kind, used FROM usage_counters WHERE user_id = ? AND period_start = ?',
      userId,
      periodStart,
    );
    for (const row of rows) usage[row.kind] = row.used;
    return usage;
  },
  *recordDistinct(userId, periodStart, kind, key) {
    const inserted = yield* run(
      `INSERT INTO counted_requests (user_id, period_start, kind, request_key, counted_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      userId,
      periodStart,
      kind,
      key,
      new Date().toISOString(),
    );
    return inserted === 1;
  },
  *forgetDistinct(userId, periodStart, kind, key) {
    yield* run(
      'DELETE FROM counted_requests WHERE user_id = ? AND period_start = ? AND kind = ? AND request_key = ?',
      userId,
      periodStart,
      kind,
      key,
    );
  },
});
