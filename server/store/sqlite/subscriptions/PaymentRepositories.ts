import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import {
  type CheckoutSessionRepository,
  type CheckoutSessionRow,
  toCheckoutSessionRecord,
  type PortalSessionRepository,
  type PaymentEventRepository,
} from '../../contract/subscriptions/PaymentRepositories';

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

export function createPaymentEventRepository(db: Database): Synchronous<PaymentEventRepository> {
  const insert = db.prepare('INSERT OR IGNORE INTO payment_events (id, type, received_at) VALUES (?, ?, ?)');
  return {
    record: (id, type) => insert.run(id, type, new Date().toISOString()).changes === 1,
  };
}
