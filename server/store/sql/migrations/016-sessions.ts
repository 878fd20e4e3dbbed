import type { SharedMigration } from './SharedMigration';

/**
 * Sign-in sessions: every login (or activation with a token) starts one, and both of its tokens (SSO and
 * main) carry its id. Logout and password changes revoke rows here; a session also ends when it has not
 * been seen for SESSION_IDLE_DAYS. Times are epoch milliseconds.
 */
export const sessionsMigration: SharedMigration = {
  version: 16,
  name: 'sessions',
  sql: (t) => `
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at ${t.bigint} NOT NULL,
      last_seen_at ${t.bigint} NOT NULL,
      revoked_at ${t.bigint}
    );
    CREATE INDEX sessions_user ON sessions(user_id) WHERE revoked_at IS NULL;
  `,
};
