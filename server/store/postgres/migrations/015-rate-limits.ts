import type { PostgresMigration } from './PostgresMigration';

/**
 * Rate-limit counters (SQLite migration 15). In PostgreSQL they are what makes a limit hold across
 * several app instances: every instance reads and writes the same rows.
 */
export const rateLimitsMigration: PostgresMigration = {
  version: 15,
  name: 'rate-limits',
  sql: `
    CREATE TABLE rate_limits (
      bucket TEXT NOT NULL,
      key TEXT NOT NULL,
      count INTEGER NOT NULL,
      window_start BIGINT NOT NULL,
      blocked_until BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (bucket, key)
    );
    CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
  `,
};
