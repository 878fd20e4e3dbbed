import type { Migration } from './Migration';

/**
 * Sign-in sessions: every login (or activation with a token) starts one, and both of its tokens (SSO and
 * main) carry its id. Logout and password changes revoke rows here; a session also ends when it has not
 * been seen for SESSION_IDLE_DAYS. Times are epoch milliseconds.
 */
export const sessionsMigration: Migration = {
  version: 16,
  name: 'sessions',
  up(db) {
    db.exec(`
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX sessions_user ON sessions(user_id) WHERE revoked_at IS NULL;
    `);
  },
};
