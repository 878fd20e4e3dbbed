import type { PostgresMigration } from './PostgresMigration';

/**
 * Accounts, their single-use keys and the sites they are granted (SQLite migrations 10 and 40). Usernames
 * are unique ignoring case (a unique index on lower(username)); keys are kept as SHA-256 only. Times the
 * SQLite schema keeps as ISO text stay text, epoch milliseconds are bigint.
 */
export const accountsMigration: PostgresMigration = {
  version: 10,
  name: 'accounts',
  sql: `
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      username TEXT NOT NULL,
      email TEXT NOT NULL,
      name TEXT NOT NULL DEFAULT '',
      phone TEXT NOT NULL DEFAULT '',
      default_language TEXT NOT NULL DEFAULT 'en',
      company_name TEXT NOT NULL DEFAULT '',
      company_address TEXT NOT NULL DEFAULT '',
      password_hash TEXT,
      status TEXT NOT NULL CHECK (status IN ('active', 'invited')),
      roles JSONB NOT NULL DEFAULT '[]',
      access_rights JSONB NOT NULL DEFAULT '[]',
      teams JSONB NOT NULL DEFAULT '[]',
      token_version INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX users_username ON users (lower(username));

    CREATE TABLE account_keys (
      key_hash TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('verification', 'reset', 'invite')),
      email TEXT NOT NULL,
      user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
      expires_at BIGINT NOT NULL,
      used_at BIGINT,
      created_at BIGINT NOT NULL
    );
    CREATE INDEX account_keys_user ON account_keys (user_id, kind);
    CREATE INDEX account_keys_expiry ON account_keys (expires_at);

    CREATE TABLE sites (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at BIGINT NOT NULL
    );
    CREATE TABLE user_sites (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, site_id)
    );
    CREATE INDEX user_sites_site ON user_sites (site_id);
  `,
};
