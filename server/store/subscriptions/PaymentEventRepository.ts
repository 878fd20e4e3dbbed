import type { Database } from 'better-sqlite3';

export interface PaymentEventRepository {
  /** Records a provider event id; false when it was recorded before (a redelivery). */
  record(id: string, type: string): boolean;
}

export function createPaymentEventRepository(db: Database): PaymentEventRepository {
  const insert = db.prepare('INSERT OR IGNORE INTO payment_events (id, type, received_at) VALUES (?, ?, ?)');
  return {
    record: (id, type) => insert.run(id, type, new Date().toISOString()).changes === 1,
  };
}
