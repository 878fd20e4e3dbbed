import type { Migration } from './Migration';

/**
 * The distinct requests a quota has counted in a period: an advanced search counts once
 * per distinct filter set per period, so paging through its results, or running it again, is free. The key
 * is a hash of the canonical filter set (server/services/quota/searchFingerprint.ts); a row is written in
 * the same transaction as the usage counter it stands for.
 */
export const countedSearchesMigration: Migration = {
  version: 50,
  name: 'counted-searches',
  up(db) {
    db.exec(`
      CREATE TABLE counted_requests (
        user_id TEXT NOT NULL,
        period_start TEXT NOT NULL,
        kind TEXT NOT NULL,
        request_key TEXT NOT NULL,
        counted_at TEXT NOT NULL,
        PRIMARY KEY (user_id, period_start, kind, request_key)
      ) WITHOUT ROWID;
    `);
  },
};
