import type { Synchronous } from '../unitOfWork/Synchronous';
import type { QuotaKind } from '../../../src/contract/Subscription';
import type { Database } from 'better-sqlite3';

/** A user's subscription as stored: one row per user, replaced when they buy another plan. */
export interface SubscriptionRecord {
  userId: string;
  /** Null for the trial allowance. */
  planId: string | null;
  product: string;
  /** Provider wording: 'trialing', 'active', 'past_due', 'canceled', … */
  status: string;
  /** ISO date-times of the current period; usage is counted per period start. */
  periodStart: string;
  periodEnd: string;
  /** Length of one period in months; 0 for a one-off allowance (the trial) that does not renew. */
  intervalMonths: number;
  cancelAtPeriodEnd: boolean;
  limits: Record<QuotaKind, number>;
  /** 'trial', 'test' (built-in checkout) or 'stripe'. */
  provider: string;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
}

/** A `subscriptions` row as both adapters read it (the flag as 0/1). */
export interface SubscriptionRow {
  user_id: string;
  plan_id: string | null;
  product: string;
  status: string;
  period_start: string;
  period_end: string;
  interval_months: number;
  cancel_at_period_end: number;
  limit_advance_search: number;
  limit_full_view: number;
  limit_report_download: number;
  provider: string;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
}

export interface SubscriptionRepository {
  byUser(userId: string): Promise<SubscriptionRecord | null>;
  byProviderSubscriptionId(providerSubscriptionId: string): Promise<SubscriptionRecord | null>;
  /** Inserts or replaces the user's row. */
  save(record: SubscriptionRecord): Promise<void>;
  /**
   * Inserts the row unless the user has one, and returns the user's row as stored: two app instances
   * creating a user's first (trial) subscription at once keep one, so usage counts under one period.
   */
  createIfAbsent(record: SubscriptionRecord): Promise<SubscriptionRecord>;
}

export function toSubscriptionRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    userId: row.user_id,
    planId: row.plan_id,
    product: row.product,
    status: row.status,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    intervalMonths: row.interval_months,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    limits: {
      advance_search: row.limit_advance_search,
      full_view: row.limit_full_view,
      report_download: row.limit_report_download,
    },
    provider: row.provider,
    providerCustomerId: row.provider_customer_id,
    providerSubscriptionId: row.provider_subscription_id,
  };
}

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
