import type { Database } from 'better-sqlite3';
import type { QuotaKind } from '../../../src/contract/Subscription';

export interface UsageRepository {
  /**
   * Adds one use if the count is still below the limit; false when the limit is reached. A single
   * conditional UPDATE, so the count can never pass the limit however requests interleave.
   */
  tryIncrement(userId: string, periodStart: string, kind: QuotaKind, limit: number): boolean;
  /** The counts of one period (0 for kinds not used yet). */
  read(userId: string, periodStart: string): Record<QuotaKind, number>;
}

export function createUsageRepository(db: Database): UsageRepository {
  const ensure = db.prepare(
    'INSERT OR IGNORE INTO usage_counters (user_id, period_start, kind, used) VALUES (?, ?, ?, 0)',
  );
  const increment = db.prepare(
    'UPDATE usage_counters SET used = used + 1 WHERE user_id = ? AND period_start = ? AND kind = ? AND used < ?',
  );
  const read = db.prepare<[string, string], { kind: QuotaKind; used: number }>(
    'SELECT kind, used FROM usage_counters WHERE user_id = ? AND period_start = ?',
  );
  return {
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
