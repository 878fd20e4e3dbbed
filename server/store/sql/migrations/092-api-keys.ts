import type { SharedMigration } from './SharedMigration';

/**
 * Personal API keys for GIS clients (OGC API – Features and Tiles). Only the SHA-256 of a key is stored
 * (the key is 256 random bits, so a fast hash is enough, as for one-time tokens); `prefix` is the key's
 * first characters for its owner to recognise it. Scopes are a comma-separated list; times are epoch
 * milliseconds; a revoked key keeps its row so its owner and the administrators see when it ended.
 */
export const apiKeysMigration: SharedMigration = {
  version: 92,
  name: 'api-keys',
  sql: (t) => `
    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      key_hash TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      prefix TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_at ${t.bigint} NOT NULL,
      expires_at ${t.bigint} NOT NULL,
      last_used_at ${t.bigint},
      revoked_at ${t.bigint}
    );
    CREATE INDEX api_keys_user ON api_keys (user_id, created_at);
  `,
};
