import type { Migration } from './Migration';

/**
 * Accounts and their single-use keys. Usernames are unique ignoring case. A key is stored only as the
 * SHA-256 of the random value mailed to the user, so a leaked database does not open accounts.
 */
export const accountsMigration: Migration = {
  version: 10,
  name: 'accounts',
  up(db) {
    db.exec(`
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL COLLATE NOCASE UNIQUE,
        email TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        default_language TEXT NOT NULL DEFAULT 'en',
        company_name TEXT NOT NULL DEFAULT '',
        company_address TEXT NOT NULL DEFAULT '',
        -- NULL until an invited user accepts the invitation.
        password_hash TEXT,
        status TEXT NOT NULL CHECK (status IN ('active', 'invited')),
        roles TEXT NOT NULL DEFAULT '[]',
        access_rights TEXT NOT NULL DEFAULT '[]',
        sites TEXT NOT NULL DEFAULT '[]',
        teams TEXT NOT NULL DEFAULT '[]',
        token_version INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE account_keys (
        key_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('verification', 'reset', 'invite')),
        email TEXT NOT NULL COLLATE NOCASE,
        user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX account_keys_user ON account_keys(user_id, kind);
      CREATE INDEX account_keys_expiry ON account_keys(expires_at);
    `);
  },
};
