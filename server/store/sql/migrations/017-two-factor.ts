import type { SharedMigration } from './SharedMigration';

/**
 * Two-factor sign-in. Times are epoch milliseconds.
 * - `totp_factors`: one authenticator app per account; the secret is sealed (AES-256-GCM, key derived from
 *   the server secret), `confirmed_at` stays null until a first code proved the enrolment, `last_step` is
 *   the last 30-second step accepted, so a code is never accepted twice.
 * - `recovery_codes`: ten single-use codes per account, stored as SHA-256 only.
 * - `passkeys`: WebAuthn credentials (public key, signature counter), several per account, each named.
 * - `second_factor_challenges`: the WebAuthn challenge of a passkey registration, one per account.
 * - `pending_logins`: a password that was right, waiting for the second factor: the SHA-256 of a random
 *   key, short-lived and single-use; no session exists until it is spent.
 * - `two_factor_sites`: sites whose accounts must enrol before using the app (the sites table comes with
 *   migration 40; SQLite checks the reference only when rows are written).
 */
export const twoFactorMigration: SharedMigration = {
  version: 17,
  name: 'two-factor',
  sql: (t) => `
    CREATE TABLE totp_factors (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret TEXT NOT NULL,
      confirmed_at ${t.bigint},
      last_step ${t.bigint} NOT NULL DEFAULT 0,
      created_at ${t.bigint} NOT NULL
    );
    CREATE TABLE recovery_codes (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash TEXT NOT NULL,
      used_at ${t.bigint},
      PRIMARY KEY (user_id, code_hash)
    )${t.withoutRowid};
    CREATE TABLE passkeys (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      public_key TEXT NOT NULL,
      counter ${t.bigint} NOT NULL,
      transports TEXT NOT NULL,
      created_at ${t.bigint} NOT NULL,
      last_used_at ${t.bigint}
    );
    CREATE INDEX passkeys_user ON passkeys(user_id);
    CREATE TABLE second_factor_challenges (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      challenge TEXT NOT NULL,
      expires_at ${t.bigint} NOT NULL
    );
    CREATE TABLE pending_logins (
      key_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      challenge TEXT NOT NULL,
      expires_at ${t.bigint} NOT NULL,
      used_at ${t.bigint}
    );
    CREATE INDEX pending_logins_expiry ON pending_logins(expires_at);
    CREATE TABLE two_factor_sites (
      site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
      required_at ${t.bigint} NOT NULL
    );
  `,
};
