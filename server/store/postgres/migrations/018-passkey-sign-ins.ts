import type { PostgresMigration } from './PostgresMigration';

/** Passkey sign-in challenges, given before anyone is known (SQLite migration 18). */
export const passkeySignInsMigration: PostgresMigration = {
  version: 18,
  name: 'passkey-sign-ins',
  sql: `
    CREATE TABLE passkey_sign_ins (
      challenge_hash TEXT PRIMARY KEY,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    );
    CREATE INDEX passkey_sign_ins_expiry ON passkey_sign_ins (expires_at);
  `,
};
