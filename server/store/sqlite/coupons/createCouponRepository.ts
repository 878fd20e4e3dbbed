import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import {
  type CouponRepository,
  type CouponRow,
  toCouponRecord,
} from '../../contract/coupons/CouponRepository';

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
