import type { QuotaKind } from '../../../src/contract/Subscription';

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
