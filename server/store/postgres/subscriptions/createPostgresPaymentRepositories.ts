import {
  toCheckoutSessionRecord,
  type CheckoutSessionRepository,
  type CheckoutSessionRow,
  type PaymentEventRepository,
  type PortalSessionRepository,
} from '../../contract/subscriptions/PaymentRepositories';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresCheckoutSessionRepository(db: PostgresConnection): CheckoutSessionRepository {
  return {
    async create(record) {
      await db.run(
        `INSERT INTO checkout_sessions
           (id, user_id, email, plan_id, amount_cents, status, success_url, cancel_url, created_at, coupon_code)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
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
        ],
      );
    },
    async byId(id) {
      const row = await db.one<CheckoutSessionRow>('SELECT * FROM checkout_sessions WHERE id = $1', [id]);
      return row ? toCheckoutSessionRecord(row) : null;
    },
    // Conditional on 'open': of two instances completing the same checkout, one wins.
    close: async (id, status) =>
      (await db.run("UPDATE checkout_sessions SET status = $1 WHERE id = $2 AND status = 'open'", [
        status,
        id,
      ])) === 1,
  };
}

export function createPostgresPortalSessionRepository(db: PostgresConnection): PortalSessionRepository {
  return {
    async create(record) {
      await db.run(
        'INSERT INTO portal_sessions (id, user_id, return_url, expires_at) VALUES ($1, $2, $3, $4)',
        [record.id, record.userId, record.returnUrl, record.expiresAt],
      );
    },
    async live(id, now) {
      const row = await db.one<{ id: string; user_id: string; return_url: string; expires_at: string }>(
        'SELECT * FROM portal_sessions WHERE id = $1 AND expires_at > $2',
        [id, now.toISOString()],
      );
      return row
        ? { id: row.id, userId: row.user_id, returnUrl: row.return_url, expiresAt: row.expires_at }
        : null;
    },
  };
}

/** Webhook event ids: ON CONFLICT DO NOTHING makes a redelivery (on any instance) a no-op, not an error. */
export function createPostgresPaymentEventRepository(db: PostgresConnection): PaymentEventRepository {
  return {
    record: async (id, type) =>
      (await db.run(
        'INSERT INTO payment_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [id, type, new Date().toISOString()],
      )) === 1,
  };
}
