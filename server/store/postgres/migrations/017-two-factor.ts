import type { PostgresMigration } from './PostgresMigration';

/** Two-factor sign-in (SQLite migration 17): TOTP, recovery codes, passkeys, pending logins, site requirement. */
export const twoFactorMigration: PostgresMigration = {
  version: 17,
  name: 'two-factor',
  sql: `
    CREATE TABLE totp_factors (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret TEXT NOT NULL,
      confirmed_at BIGINT,
      last_step BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL
    );
    CREATE TABLE recovery_codes (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash TEXT NOT NULL,
      used_at BIGINT,
      PRIMARY KEY (user_id, code_hash)
    );
    CREATE TABLE passkeys (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      public_key TEXT NOT NULL,
      counter BIGINT NOT NULL,
      transports TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      last_used_at BIGINT
    );
    CREATE INDEX passkeys_user ON passkeys(user_id);
    CREATE TABLE second_factor_challenges (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      challenge TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    );
    CREATE TABLE pending_logins (
      key_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      challenge TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    );
    CREATE INDEX pending_logins_expiry ON pending_logins(expires_at);
    CREATE TABLE two_factor_sites (
        site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
        required_at BIGINT NOT NULL
      );
  `,
};
