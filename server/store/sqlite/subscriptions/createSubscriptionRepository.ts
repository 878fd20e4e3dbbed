import type { Database } from 'better-sqlite3';
import type { SubscriptionRepository } from '../../contract/subscriptions/SubscriptionRepository';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { subscriptionRepositorySql } from '../../sql/subscriptions/subscriptionRepositorySql';
import { sqliteSqlRepository } from '../sql/sqliteSqlRepository';

/** The shared subscription repository over one connection, for writing subscriptions directly (tests). */
export const createSubscriptionRepository = (db: Database): Synchronous<SubscriptionRepository> =>
  sqliteSqlRepository(db, subscriptionRepositorySql);
