import {
  toCouponRecord,
  type CouponRepository,
  type CouponRow,
} from '../../contract/coupons/CouponRepository';
import type { PostgresConnection } from '../PostgresConnection';

/** The conditions under which a coupon can be used at a time (ISO text, the parameter `$n`). */
const usableAt = (n: number) => `active = 1 AND (expires_at IS NULL OR expires_at > $${n})
  AND (max_redemptions IS NULL OR redeemed < max_redemptions)`;

export function createPostgresCouponRepository(db: PostgresConnection): CouponRepository {
  return {
    create: async (coupon, now) =>
      (await db.run(
        `INSERT INTO coupons (code, percent_off, amount_off_cents, expires_at, max_redemptions, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [
          coupon.code,
          coupon.percentOff,
          coupon.amountOffCents,
          coupon.expiresAt,
          coupon.maxRedemptions,
          now.toISOString(),
        ],
      )) === 1,
    list: async () =>
      (await db.query<CouponRow>('SELECT * FROM coupons ORDER BY created_at DESC, code COLLATE "C"')).map(
        toCouponRecord,
      ),
    async usable(code, now) {
      const row = await db.one<CouponRow>(`SELECT * FROM coupons WHERE code = $1 AND ${usableAt(2)}`, [
        code,
        now.toISOString(),
      ]);
      return row ? toCouponRecord(row) : null;
    },
    // One conditional UPDATE: concurrent checkouts on any instance never pass the cap.
    tryRedeem: async (code, now) =>
      (await db.run(`UPDATE coupons SET redeemed = redeemed + 1 WHERE code = $1 AND ${usableAt(2)}`, [
        code,
        now.toISOString(),
      ])) === 1,
    deactivate: async (code) => (await db.run('UPDATE coupons SET active = 0 WHERE code = $1', [code])) === 1,
  };
}
