import type { Migration } from './Migration';
import { CHECKOUT_COUPON_SQL, COUPONS_SQL } from '../../sql/migrations/030-plans-subscriptions';

/** Coupons of the built-in payment provider, and the code a checkout was priced with. */
export const couponsMigration: Migration = {
  version: 51,
  name: 'coupons',
  up: (db) => db.exec(`${COUPONS_SQL}${CHECKOUT_COUPON_SQL}`),
};
