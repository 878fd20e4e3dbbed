import type { PostgresMigration } from './PostgresMigration';

/** Sign-in sessions (SQLite migration 16): a session revoked on one instance is refused by every other. */
export const sessionsMigration: PostgresMigration = {
  version: 16,
  name: 'sessions',
  sql: `
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      last_seen_at BIGINT NOT NULL,
      revoked_at BIGINT
    );
    CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;
  `,
};
