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
