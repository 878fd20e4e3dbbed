/** Plans and subscriptions of spec §3 and §9. */

export type QuotaKind = 'advance_search' | 'full_view' | 'report_download';

/** Limit names as the plan carries them. */
export interface PlanLimits {
  max_advance_search: number;
  max_full_view: number;
  max_report_download: number;
}

export interface Plan {
  id: string;
  name: string;
  details: string;
  /** Display text of the cost, e.g. "CHF 59.90 / month". */
  cost: string;
  /** Amount in CHF, 2 decimals. */
  amount: number;
  taxPerc: number;
  limits: PlanLimits;
  interval: 'month';
  interval_count: number;
  providerPlanId: string;
  lookupKey: string;
}

export interface Subscription {
  status: string;
  /** ISO date-time of the end of the current period. */
  end: string;
  plan: { product: string; limits: Record<string, number> };
  /** Usage of the current period by quota name (advance_search …); limit `max_<name>` caps it. */
  usage: Record<string, number>;
  /** The subscription ends at `end` instead of renewing (set from the billing portal). */
  cancelAtPeriodEnd?: boolean;
}

export interface SubscriptionResponse {
  subscription: Subscription | null;
}

export const LIMIT_REACHED_CODES: Record<QuotaKind, string> = {
  advance_search: 'LIMIT_REACHED_ADVANCE_SEARCH',
  full_view: 'LIMIT_REACHED_FULL_VIEW',
  report_download: 'LIMIT_REACHED_REPORT_DOWNLOAD',
};

/**
 * `GET /v1/secure/payment/checkout-sessions/{id}`: what the payment success page shows, checked with the
 * server (only the buyer gets an answer; 404 otherwise). `complete` means paid; the plan changes with the
 * provider's webhook, which may arrive a moment later.
 */
export interface CheckoutSessionStatus {
  status: 'open' | 'complete' | 'expired';
  /** The plan's product name. */
  product: string | null;
}
