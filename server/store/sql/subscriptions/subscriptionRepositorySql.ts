import {
  toSubscriptionRecord,
  type SubscriptionRecord,
  type SubscriptionRepository,
  type SubscriptionRow,
} from '../../contract/subscriptions/SubscriptionRepository';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

const INSERT = `INSERT INTO subscriptions (user_id, plan_id, product, status, period_start, period_end,
    interval_months, cancel_at_period_end, limit_advance_search, limit_full_view, limit_report_download, provider,
    provider_customer_id, provider_subscription_id, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

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

function* subscriptionWhere(column: 'user_id' | 'provider_subscription_id', value: string) {
  const row = yield* one<SubscriptionRow>(`SELECT * FROM subscriptions WHERE ${column} = ?`, value);
  return row ? toSubscriptionRecord(row) : null;
}

export const subscriptionRepositorySql: SqlRepositoryDefinition<SubscriptionRepository> = () => ({
  byUser: (userId) => subscriptionWhere('user_id', userId),
  byProviderSubscriptionId: (id) => subscriptionWhere('provider_subscription_id', id),
  *save(record) {
    yield* run(
      `${INSERT} ON CONFLICT (user_id) DO UPDATE SET plan_id = excluded.plan_id, product = excluded.product,
         status = excluded.status, period_start = excluded.period_start, period_end = excluded.period_end,
         interval_months = excluded.interval_months, cancel_at_period_end = excluded.cancel_at_period_end,
         limit_advance_search = excluded.limit_advance_search, limit_full_view = excluded.limit_full_view,
         limit_report_download = excluded.limit_report_download, provider = excluded.provider,
         provider_customer_id = excluded.provider_customer_id,
         provider_subscription_id = excluded.provider_subscription_id, updated_at = excluded.updated_at`,
      ...values(record),
    );
  },
  *createIfAbsent(record) {
    // Another request or instance may have inserted the row since this one looked: keep theirs, read it back.
    yield* run(`${INSERT} ON CONFLICT (user_id) DO NOTHING`, ...values(record));
    return (yield* subscriptionWhere('user_id', record.userId)) as SubscriptionRecord;
  },
});
