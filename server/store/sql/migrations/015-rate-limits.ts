import type { SharedMigration } from './SharedMigration';

/**
 * Rate-limit counters live in the database so a restart does not hand an attacker a
 * fresh allowance. One row per limit ("bucket") and key (an address, an account, an account+address
 * pair); rows past `expires_at` are useless and swept on use.
 */
export const rateLimitsMigration: SharedMigration = {
  version: 15,
  name: 'rate-limits',
  sql: (t) => `
    CREATE TABLE rate_limits (
      bucket TEXT NOT NULL,
      key TEXT NOT NULL,
      count INTEGER NOT NULL,
      window_start ${t.bigint} NOT NULL,
      blocked_until ${t.bigint} NOT NULL,
      expires_at ${t.bigint} NOT NULL,
      PRIMARY KEY (bucket, key)
    )${t.withoutRowid};
    CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
  `,
};
