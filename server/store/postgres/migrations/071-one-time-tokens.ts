import type { PostgresMigration } from './PostgresMigration';

/** One-time tokens for pages opened in a new tab (SQLite migration 71): hashed, bound, expiring, single use. */
export const oneTimeTokensMigration: PostgresMigration = {
  version: 71,
  name: 'one-time-tokens',
  sql: `
    CREATE TABLE one_time_tokens (
      token_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      session_id TEXT NOT NULL,
      prc_id TEXT NOT NULL,
      purpose TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    );
    CREATE INDEX one_time_tokens_expiry ON one_time_tokens (expires_at);
  `,
};
