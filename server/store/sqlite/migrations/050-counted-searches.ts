import type { Migration } from './Migration';
import { countedRequestsSql } from '../../sql/migrations/030-plans-subscriptions';
import { SQLITE_TYPES } from '../sql/sqliteSqlRepository';

/** The distinct requests a quota has counted in a period (`countedRequestsSql`; in PostgreSQL's 30). */
export const countedSearchesMigration: Migration = {
  version: 50,
  name: 'counted-searches',
  up: (db) => db.exec(countedRequestsSql(SQLITE_TYPES)),
};
