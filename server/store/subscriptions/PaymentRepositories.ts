import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

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

export function createCheckoutSessionRepository(db: Database): Synchronous<CheckoutSessionRepository> {
  const insert = db.prepare(`INSERT INTO checkout_sessions
    (id, user_id, email, plan_id, amount_cents, status, success_url, cancel_url, created_at, coupon_code)
    VALUES (@id, @userId, @email, @planId, @amountCents, @status, @successUrl, @cancelUrl, @createdAt, @couponCode)`);
  const byId = db.prepare<[string], CheckoutSessionRow>('SELECT * FROM checkout_sessions WHERE id = ?');
  const close = db.prepare("UPDATE checkout_sessions SET status = ? WHERE id = ? AND status = 'open'");
  return {
    create: (record) => {
      insert.run({ ...record, couponCode: record.couponCode ?? null });
    },
    byId: (id) => {
      const row = byId.get(id);
      return row ? toCheckoutSessionRecord(row) : null;
    },
    close: (id, status) => close.run(status, id).changes === 1,
  };
}

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

export function createPortalSessionRepository(db: Database): Synchronous<PortalSessionRepository> {
  const insert = db.prepare(
    'INSERT INTO portal_sessions (id, user_id, return_url, expires_at) VALUES (@id, @userId, @returnUrl, @expiresAt)',
  );
  const byId = db.prepare<
    [string, string],
    { id: string; user_id: string; return_url: string; expires_at: string }
  >('SELECT * FROM portal_sessions WHERE id = ? AND expires_at > ?');
  return {
    create: (record) => {
      insert.run(record);
    },
    live: (id, now) => {
      const row = byId.get(id, now.toISOString());
      return row
        ? { id: row.id, userId: row.user_id, returnUrl: row.return_url, expiresAt: row.expires_at }
        : null;
    },
  };
}

export interface PaymentEventRepository {
  /** Records a provider event id; false when it was recorded before (a redelivery). */
  record(id: string, type: string): Promise<boolean>;
}

export function createPaymentEventRepository(db: Database): Synchronous<PaymentEventRepository> {
  const insert = db.prepare('INSERT OR IGNORE INTO payment_events (id, type, received_at) VALUES (?, ?, ?)');
  return {
    record: (id, type) => insert.run(id, type, new Date().toISOString()).changes === 1,
  };
}
