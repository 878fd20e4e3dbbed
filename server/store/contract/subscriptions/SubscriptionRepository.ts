import type { QuotaKind } from '../../../../src/contract/Subscription';

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
