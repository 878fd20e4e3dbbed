import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** A stored coupon (amounts in cents, times ISO strings). */
export interface CouponRecord {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  expiresAt: string | null;
  maxRedemptions: number | null;
  redeemed: number;
  active: boolean;
  createdAt: string;
}

export type NewCoupon = Omit<CouponRecord, 'redeemed' | 'active' | 'createdAt'>;

export interface CouponRepository {
  /** Adds a coupon; false when the code exists already. */
  create(coupon: NewCoupon, now: Date): Promise<boolean>;
  /** Every coupon, newest first. */
  list(): Promise<CouponRecord[]>;
  /** The coupon if it can still be used at `now` (active, not expired, cap not reached), else null. */
  usable(code: string, now: Date): Promise<CouponRecord | null>;
  /**
   * Counts one use if the coupon is still usable: one conditional UPDATE, so concurrent checkouts never
   * pass the cap. False when it is not.
   */
  tryRedeem(code: string, now: Date): Promise<boolean>;
  /** Disables a coupon (kept for the record); false for an unknown code. */
  deactivate(code: string): Promise<boolean>;
}

/** A `coupons` row as both adapters read it (the flag as 0/1). */
export interface CouponRow {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  expires_at: string | null;
  max_redemptions: number | null;
  redeemed: number;
  active: number;
  created_at: string;
}

export const toCouponRecord = (row: CouponRow): CouponRecord => ({
  code: row.code,
  percentOff: row.percent_off,
  amountOffCents: row.amount_off_cents,
  expiresAt: row.expires_at,
  maxRedemptions: row.max_redemptions,
  redeemed: row.redeemed,
  active: row.active === 1,
  createdAt: row.created_at,
});

/** The conditions under which a coupon can be used at a time (the first parameter). */
const USABLE = `active = 1 AND (expires_at IS NULL OR expires_at > ?)
  AND (max_redemptions IS NULL OR redeemed < max_redemptions)`;

export function createCouponRepository(db: Database): Synchronous<CouponRepository> {
  const insert = db.prepare(`INSERT OR IGNORE INTO coupons
    (code, percent_off, amount_off_cents, expires_at, max_redemptions, created_at)
    VALUES (@code, @percentOff, @amountOffCents, @expiresAt, @maxRedemptions, @createdAt)`);
  const list = db.prepare<[], CouponRow>('SELECT * FROM coupons ORDER BY created_at DESC, code');
  const usable = db.prepare<[string, string], CouponRow>(
    `SELECT * FROM coupons WHERE code = ? AND ${USABLE}`,
  );
  const redeem = db.prepare(`UPDATE coupons SET redeemed = redeemed + 1 WHERE code = ? AND ${USABLE}`);
  const deactivate = db.prepare('UPDATE coupons SET active = 0 WHERE code = ?');
  return {
    create: (coupon, now) => insert.run({ ...coupon, createdAt: now.toISOString() }).changes === 1,
    list: () => list.all().map(toCouponRecord),
    usable: (code, now) => {
      const row = usable.get(code, now.toISOString());
      return row ? toCouponRecord(row) : null;
    },
    tryRedeem: (code, now) => redeem.run(code, now.toISOString()).changes === 1,
    deactivate: (code) => deactivate.run(code).changes === 1,
  };
}
