import type { Migration } from './Migration';

/**
 * Coupons of the built-in payment provider: percent or amount off, an optional expiry
 * and usage cap. `redeemed` only grows through one conditional UPDATE, so the cap holds under concurrent
 * checkouts. A checkout remembers the code it was priced with; its `amount_cents` is the discounted price.
 */
export const couponsMigration: Migration = {
  version: 51,
  name: 'coupons',
  up(db) {
    db.exec(`
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
      ALTER TABLE checkout_sessions ADD COLUMN coupon_code TEXT;
    `);
  },
};
