import type { Migration } from './Migration';

/**
 * Rate-limit counters live in the database so a restart does not hand an attacker a
 * fresh allowance. One row per limit ("bucket") and key (an address, an account, an account+address
 * pair); rows past `expires_at` are useless and swept on use.
 */
export const rateLimitsMigration: Migration = {
  version: 15,
  name: 'rate-limits',
  up(db) {
    db.exec(`
      CREATE TABLE rate_limits (
        bucket TEXT NOT NULL,
        key TEXT NOT NULL,
        count INTEGER NOT NULL,
        window_start INTEGER NOT NULL,
        blocked_until INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (bucket, key)
      ) WITHOUT ROWID;
      CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
    `);
  },
};
