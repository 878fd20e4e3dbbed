import type { PostgresMigration } from './PostgresMigration';

/** Personal API keys (SQLite migration 92): hashed, scoped, expiring, revocable, last use kept. */
export const apiKeysMigration: PostgresMigration = {
  version: 92,
  name: 'api-keys',
  sql: `
    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      key_hash TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      prefix TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      last_used_at BIGINT,
      revoked_at BIGINT
    );
    CREATE INDEX api_keys_user ON api_keys (user_id, created_at);
  `,
};
