import {
  type CouponRepository,
  type CouponRow,
  toCouponRecord,
} from '../../contract/coupons/CouponRepository';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** The conditions under which a coupon can be used at a time (ISO text, the one parameter). */
const USABLE = `active = 1 AND (expires_at IS NULL OR expires_at > ?)
  AND (max_redemptions IS NULL OR redeemed < max_redemptions)`;

export const couponRepositorySql: SqlRepositoryDefinition<CouponRepository> = (dialect) => ({
  *create(coupon, now) {
    const inserted = yield* run(
      `INSERT INTO coupons (code, percent_off, amount_off_cents, expires_at, max_redemptions, created_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
      coupon.code,
      coupon.percentOff,
      coupon.amountOffCents,
      coupon.expiresAt,
      coupon.maxRedemptions,
      now.toISOString(),
    );
    return inserted === 1;
  },
  *list() {
    const rows = yield* all<CouponRow>(
      `SELECT * FROM coupons ORDER BY created_at DESC, code${dialect.byCodePoint}`,
    );
    return rows.map(toCouponRecord);
  },
  *usable(code, now) {
    const row = yield* one<CouponRow>(
      `SELECT * FROM coupons WHERE code = ? AND ${USABLE}`,
      code,
      now.toISOString(),
    );
    return row ? toCouponRecord(row) : null;
  },
  // One conditional UPDATE: concurrent checkouts on any instance never pass the cap.
  *tryRedeem(code, now) {
    return (
      (yield* run(
        `UPDATE coupons SET redeemed = redeemed + 1 WHERE code = ? AND ${USABLE}`,
        code,
        now.toISOString(),
      )) === 1
    );
  },
  *deactivate(code) {
    return (yield* run('UPDATE coupons SET active = 0 WHERE code = ?', code)) === 1;
  },
});
