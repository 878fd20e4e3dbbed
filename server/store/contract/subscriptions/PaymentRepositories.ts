/** A checkout of the built-in test provider (Stripe keeps its own). */
export interface CheckoutSessionRecord {
  id: string;
  userId: string;
  email: string;
  planId: string;
  amountCents: number;
  status: 'open' | 'complete' | 'expired';
  successUrl: string;
  cancelUrl: string;
  createdAt: string;
  /** The coupon the checkout was priced with (`amountCents` is the discounted price), if any. */
  couponCode?: string | null;
}

export interface CheckoutSessionRepository {
  create(record: CheckoutSessionRecord): Promise<void>;
  byId(id: string): Promise<CheckoutSessionRecord | null>;
  /** Moves an open session to `status`; false when it was no longer open. */
  close(id: string, status: 'complete' | 'expired'): Promise<boolean>;
}

/** A `checkout_sessions` row as both adapters read it. */
export interface CheckoutSessionRow {
  id: string;
  user_id: string;
  email: string;
  plan_id: string;
  amount_cents: number;
  status: CheckoutSessionRecord['status'];
  success_url: string;
  cancel_url: string;
  created_at: string;
  coupon_code: string | null;
}

export const toCheckoutSessionRecord = (row: CheckoutSessionRow): CheckoutSessionRecord => ({
  id: row.id,
  userId: row.user_id,
  email: row.email,
  planId: row.plan_id,
  amountCents: row.amount_cents,
  status: row.status,
  successUrl: row.success_url,
  cancelUrl: row.cancel_url,
  createdAt: row.created_at,
  couponCode: row.coupon_code,
});

/** A billing-portal visit of the built-in test provider: a short-lived link to one user's subscription. */
export interface PortalSessionRecord {
  id: string;
  userId: string;
  returnUrl: string;
  expiresAt: string;
}

export interface PortalSessionRepository {
  create(record: PortalSessionRecord): Promise<void>;
  /** The session if it exists and has not expired at `now`. */
  live(id: string, now: Date): Promise<PortalSessionRecord | null>;
}

export interface PaymentEventRepository {
  /** Records a provider event id; false when it was recorded before (a redelivery). */
  record(id: string, type: string): Promise<boolean>;
}
