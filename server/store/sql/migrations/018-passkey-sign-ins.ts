import type { SharedMigration } from './SharedMigration';

/**
 * Sign-ins with a passkey instead of a password: the browser is given a challenge before anyone is known,
 * so it is kept here by itself (SHA-256 only), short-lived and spent by the one answer that signs it.
 * Times are epoch milliseconds.
 */
export const passkeySignInsMigration: SharedMigration = {
  version: 18,
  name: 'passkey-sign-ins',
  sql: (t) => `
    CREATE TABLE passkey_sign_ins (
      challenge_hash TEXT PRIMARY KEY,
      expires_at ${t.bigint} NOT NULL,
      used_at ${t.bigint}
    );
    CREATE INDEX passkey_sign_ins_expiry ON passkey_sign_ins (expires_at);
  `,
};
