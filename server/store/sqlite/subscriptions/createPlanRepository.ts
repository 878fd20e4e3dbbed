import type { Database } from 'better-sqlite3';
import type { PlanRepository } from '../../contract/subscriptions/PlanRepository';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { planRepositorySql } from '../../sql/subscriptions/planRepositorySql';
import { sqliteSqlRepository } from '../sql/sqliteSqlRepository';

/** The shared plan repository over one connection, for reading plans directly (tests). */
export const createPlanRepository = (db: Database): Synchronous<PlanRepository> =>
  sqliteSqlRepository(db, planRepositorySql);
