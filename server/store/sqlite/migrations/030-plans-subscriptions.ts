import type { Migration } from './Migration';
import { plansSubscriptionsSql } from '../../sql/migrations/030-plans-subscriptions';
import { SQLITE_TYPES } from '../sql/sqliteSqlRepository';
import { seedPlans } from '../subscriptions/seedPlans';

/** Plans, subscriptions, usage and the payment records (`plansSubscriptionsSql`), and the plans themselves. */
export const plansSubscriptionsMigration: Migration = {
  version: 30,
  name: 'plans-subscriptions',
  up(db) {
    db.exec(plansSubscriptionsSql(SQLITE_TYPES));
    seedPlans(db);
  },
};
