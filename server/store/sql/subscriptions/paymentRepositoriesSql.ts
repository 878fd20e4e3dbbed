import {
  toCheckoutSessionRecord,
  type CheckoutSessionRepository,
  type CheckoutSessionRow,
  type PaymentEventRepository,
  type PortalSessionRepository,
} from '../../contract/subscriptions/PaymentRepositories';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

export const checkoutSessionRepositorySql: SqlRepositoryDefinition<CheckoutSessionRepository> = () => ({
  *create(record) {
    yield* run(
      `INSERT INTO checkout_sessions
         (id, user_id, email, plan_id, amount_cents, status, success_url, cancel_url, created_at, coupon_code)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      record.id,
      record.userId,
      record.email,
      record.planId,
      record.amountCents,
      record.status,
      record.successUrl,
      record.cancelUrl,
      record.createdAt,
      record.couponCode ?? null,
    );
  },
  *byId(id) {
    const row = yield* one<CheckoutSessionRow>('SELECT * FROM checkout_sessions WHERE id = ?', id);
    return row ? toCheckoutSessionRecord(row) : null;
  },
  // Conditional on 'open': of two requests completing the same checkout, one wins.
  *close(id, status) {
    return (
      (yield* run("UPDATE checkout_sessions SET status = ? WHERE id = ? AND status = 'open'", status, id)) ===
      1
    );
  },
});

export const portalSessionRepositorySql: SqlRepositoryDefinition<PortalSessionRepository> = () => ({
  *create(record) {
    yield* run(
      'INSERT INTO portal_sessions (id, user_id, return_url, expires_at) VALUES (?, ?, ?, ?)',
      record.id,
      record.userId,
      record.returnUrl,
      record.expiresAt,
    );
  },
  *live(id, now) {
    const row = yield* one<{ id: string; user_id: string; return_url: string; expires_at: string }>(
      'SELECT * FROM portal_sessions WHERE id = ? AND expires_at > ?',
      id,
      now.toISOString(),
    );
    return row
      ? { id: row.id, userId: row.user_id, returnUrl: row.return_url, expiresAt: row.expires_at }
      : null;
  },
});

/** Webhook event ids: a redelivery (on any instance) is a no-op, not an error. */
export const paymentEventRepositorySql: SqlRepositoryDefinition<PaymentEventRepository> = () => ({
  *record(id, type) {
    const inserted = yield* run(
      'INSERT INTO payment_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      id,
      type,
      new Date().toISOString(),
    );
    return inserted === 1;
  },
});
