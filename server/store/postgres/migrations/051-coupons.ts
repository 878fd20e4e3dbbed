import type { PostgresMigration } from './PostgresMigration';

/**
 * Coupons of the built-in payment provider (SQLite migration 51; the checkout's coupon column is in
 * migration 30 here). `redeemed` only grows through one conditional UPDATE, so the cap holds across
 * instances.
 */
export const couponsMigration: PostgresMigration = {
  version: 51,
  name: 'coupons',
  sql: `
    CREATE TABLE coupons (
      code TEXT PRIMARY KEY,
      percent_off INTEGER CHECK (percent_off BETWEEN 1 AND 100),
      amount_off_cents INTEGER CHECK (amount_off_cents > 0),
      expires_at TEXT,
      max_redemptions INTEGER CHECK (max_redemptions > 0),
      redeemed INTEGER NOT NULL DEFAULT 0 CHECK (redeemed >= 0),
      active INTEGER NOT NULL DEFAULT 1,
      created_at TEXT NOT NULL,
      CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
    );
  `,
};
