import {
  toSubscriptionRecord,
  type SubscriptionRecord,
  type SubscriptionRepository,
  type SubscriptionRow,
} from '../../contract/subscriptions/SubscriptionRepository';
import type { PostgresConnection } from '../PostgresConnection';

const INSERT = `INSERT INTO subscriptions (user_id, plan_id, product, status, period_start, period_end,
    interval_months, cancel_at_period_end, limit_advance_search, limit_full_view, limit_report_download, provider,
    provider_customer_id, provider_subscription_id, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;

/** A record as the statements' parameters, in INSERT's column order. */
const values = (record: SubscriptionRecord) => [
  record.userId,
  record.planId,
  record.product,
  record.status,
  record.periodStart,
  record.periodEnd,
  record.intervalMonths,
  record.cancelAtPeriodEnd ? 1 : 0,
  record.limits.advance_search,
  record.limits.full_view,
  record.limits.report_download,
  record.provider,
  record.providerCustomerId,
  record.providerSubscriptionId,
  new Date().toISOString(),
];

export function createPostgresSubscriptionRepository(db: PostgresConnection): SubscriptionRepository {
  const one = async (where: string, value: string) => {
    const row = await db.one<SubscriptionRow>(`SELECT * FROM subscriptions WHERE ${where} = $1`, [value]);
    return row ? toSubscriptionRecord(row) : null;
  };
  return {
    byUser: async (userId) => one('user_id', userId),
    byProviderSubscriptionId: async (id) => one('provider_subscription_id', id),
    async save(record) {
      await db.run(
        `${INSERT} ON CONFLICT (user_id) DO UPDATE SET plan_id = excluded.plan_id, product = excluded.product,
           status = excluded.status, period_start = excluded.period_start, period_end = excluded.period_end,
           interval_months = excluded.interval_months, cancel_at_period_end = excluded.cancel_at_period_end,
           limit_advance_search = excluded.limit_advance_search, limit_full_view = excluded.limit_full_view,
           limit_report_download = excluded.limit_report_download, provider = excluded.provider,
           provider_customer_id = excluded.provider_customer_id,
           provider_subscription_id = excluded.provider_subscription_id, updated_at = excluded.updated_at`,
        values(record),
      );
    },
    async createIfAbsent(record) {
      // Another instance may have inserted the row since this one looked: keep theirs, read it back.
      await db.run(`${INSERT} ON CONFLICT (user_id) DO NOTHING`, values(record));
      return (await one('user_id', record.userId)) as SubscriptionRecord;
    },
  };
}
