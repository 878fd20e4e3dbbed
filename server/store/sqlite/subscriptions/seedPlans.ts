import type { Database } from 'better-sqlite3';
import { seedPlanCatalogue } from '../../sql/subscriptions/planRepositorySql';
import { runSqliteWork, sqliteDialect } from '../sql/sqliteSqlRepository';

/** Inserts or refreshes the catalogue's plans on one connection (`seedPlanCatalogue`). */
export const seedPlans = (db: Database): void => runSqliteWork(db, seedPlanCatalogue(sqliteDialect));
