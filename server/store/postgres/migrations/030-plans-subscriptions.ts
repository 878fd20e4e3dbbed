import type { PostgresMigration } from './PostgresMigration';
import {
  CHECKOUT_COUPON_SQL,
  countedRequestsSql,
  plansSubscriptionsSql,
} from '../../sql/migrations/030-plans-subscriptions';
import { POSTGRES_TYPES } from '../sql/postgresSqlRepository';

/**
 * Plans, subscriptions, usage per period, the distinct requests a quota counted, and the payment records
 * (SQLite migrations 30, 50 and the checkout's coupon column of 51). Usage only grows through a
 * conditional upsert, which PostgreSQL runs atomically per row whichever instance sends it.
 */
export const plansSubscriptionsMigration: PostgresMigration = {
  version: 30,
  name: 'plans-subscriptions',
  sql: `${plansSubscriptionsSql(POSTGRES_TYPES)}${countedRequestsSql(POSTGRES_TYPES)}${CHECKOUT_COUPON_SQL}`,
};
