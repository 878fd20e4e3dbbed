import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { QuotaKind } from '../../../../src/contract/Subscription';
import type { UsageRepository } from '../../contract/subscriptions/UsageRepository';

export function createUsageRepository(db: Database): Synchronous<UsageRepository> {
  const ensure = db.prepare(
    'INSERT OR IGNORE INTO usage_counters (user_id, period_start, kind, used) VALUES (?, ?, ?, 0)',
  );
  const increment = db.prepare(
    'UPDATE usage_counters SET used = used + 1 WHERE user_id = ? AND period_start = ? AND kind = ? AND used < ?',
  );
  const read = db.prepare<[string, string], { kind: QuotaKind; used: number }>(
    'SELECT kind, used FROM usage_counters WHERE user_id = ? AND period_start = ?',
  );
  const recordDistinct = db.prepare(
    'INSERT OR IGNORE INTO counted_requests (user_id, period_start, kind, request_key, counted_at) VALUES (?, ?, ?, ?, ?)',
  );
  // The keys as one JSON parameter: one statement per batch (a page of 1,000 OGC items) instead of one per key.
  const recordDistinctMany = db
    .prepare(
      `INSERT OR IGNORE INTO counted_requests (user_id, period_start, kind, request_key, counted_at)
       SELECT ?, ?, ?, value, ? FROM json_each(?) WHERE true RETURNING request_key`,
    )
    .pluck();
  const forgetDistinct = db.prepare(
    'DELETE FROM counted_requests WHERE user_id = ? AND period_start = ? AND kind = ? AND request_key = ?',
  );
  const incrementBy = db.prepare(
    'UPDATE usage_counters SET used = used + ? WHERE user_id = ? AND period_start = ? AND kind = ? AND used + ? <= ?',
  );
  return {
    recordDistinctMany: (userId, periodStart, kind, keys) => {
      const at = new Date().toISOString();
      const inserted = new Set(
        recordDistinctMany.all(userId, periodStart, kind, at, JSON.stringify(keys)) as string[],
      );
      // In the order given, each key once (RETURNING's order is SQLite's).
      return keys.filter((key) => inserted.delete(key));
    },
    forgetDistinctMany: (userId, periodStart, kind, keys) => {
      for (const key of keys) forgetDistinct.run(userId, periodStart, kind, key);
    },
    tryIncrementBy: (userId, periodStart, kind, uses, limit) => {
      ensure.run(userId, periodStart, kind);
      return incrementBy.run(uses, userId, periodStart, kind, uses, limit).changes === 1;
    },
    recordDistinct: (userId, periodStart, kind, key) =>
      recordDistinct.run(userId, periodStart, kind, key, new Date().toISOString()).changes === 1,
    forgetDistinct: (userId, periodStart, kind, key) => {
      forgetDistinct.run(userId, periodStart, kind, key);
    },
    tryIncrement: (userId, periodStart, kind, limit) => {
      ensure.run(userId, periodStart, kind);
      return increment.run(userId, periodStart, kind, limit).changes === 1;
    },
    read: (userId, periodStart) => {
      const usage: Record<QuotaKind, number> = { advance_search: 0, full_view: 0, report_download: 0 };
      for (const row of read.all(userId, periodStart)) usage[row.kind] = row.used;
      return usage;
    },
  };
}
