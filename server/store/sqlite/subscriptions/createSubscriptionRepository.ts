import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import {
  type SubscriptionRecord,
  type SubscriptionRepository,
  type SubscriptionRow,
  toSubscriptionRecord,
} from '../../contract/subscriptions/SubscriptionRepository';

/** A record as the SQLite statements' named parameters. */
const parameters = (record: SubscriptionRecord) => ({
  ...record,
  cancel: record.cancelAtPeriodEnd ? 1 : 0,
  advance: record.limits.advance_search,
  full: record.limits.full_view,
  report: record.limits.report_download,
  updatedAt: new Date().toISOString(),
});

export function createSubscriptionRepository(db: Database): Synchronous<SubscriptionRepository> {
  const byUser = db.prepare<[string], SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = ?');
  const byProviderId = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE provider_subscription_id = ?',
  );
  const insert = `
    INSERT INTO subscriptions (user_id, plan_id, product, status, period_start, period_end, interval_months,
      cancel_at_period_end, limit_advance_search, limit_full_view, limit_report_download, provider,
      provider_customer_id, provider_subscription_id, updated_at)
    VALUES (@userId, @planId, @product, @status, @periodStart, @periodEnd, @intervalMonths, @cancel,
      @advance, @full, @report, @provider, @providerCustomerId, @providerSubscriptionId, @updatedAt)`;
  const insertIfAbsent = db.prepare(`${insert} ON CONFLICT (user_id) DO NOTHING`);
  const upsert = db.prepare(`${insert}
    ON CONFLICT (user_id) DO UPDATE SET plan_id = excluded.plan_id, product = excluded.product,
      status = excluded.status, period_start = excluded.period_start, period_end = excluded.period_end,
      interval_months = excluded.interval_months, cancel_at_period_end = excluded.cancel_at_period_end,
      limit_advance_search = excluded.limit_advance_search, limit_full_view = excluded.limit_full_view,
      limit_report_download = excluded.limit_report_download, provider = excluded.provider,
      provider_customer_id = excluded.provider_customer_id,
      provider_subscription_id = excluded.provider_subscription_id, updated_at = excluded.updated_at`);
  return {
    byUser: (userId) => {
      const row = byUser.get(userId);
      return row ? toSubscriptionRecord(row) : null;
    },
    byProviderSubscriptionId: (id) => {
      const row = byProviderId.get(id);
      return row ? toSubscriptionRecord(row) : null;
    },
    save: (record) => {
      upsert.run(parameters(record));
    },
    createIfAbsent: (record) => {
      insertIfAbsent.run(parameters(record));
      return toSubscriptionRecord(byUser.get(record.userId) as SubscriptionRow);
    },
  };
}
