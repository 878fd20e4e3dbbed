import type { PostgresMigration } from './PostgresMigration';
import { COUPONS_SQL } from '../../sql/migrations/030-plans-subscriptions';

/** Coupons of the built-in payment provider (SQLite migration 51; the checkout's coupon column is in 30 here). */
export const couponsMigration: PostgresMigration = {
  version: 51,
  name: 'coupons',
  sql: COUPONS_SQL,
};
