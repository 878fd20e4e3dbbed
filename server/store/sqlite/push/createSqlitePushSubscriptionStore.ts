import type { Database } from 'better-sqlite3';
import type { PushSubscriptionStore } from '../../contract/push/PushSubscriptionStore';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { pushSubscriptionStoreSql } from '../../sql/push/pushSubscriptionStoreSql';
import { sqliteSqlRepository } from '../sql/sqliteSqlRepository';

/** The shared push subscription store over one connection, for writing rows directly (tests). */
export const createSqlitePushSubscriptionStore = (db: Database): Synchronous<PushSubscriptionStore> =>
  sqliteSqlRepository(db, pushSubscriptionStoreSql);
