import type { SharedMigration } from './SharedMigration';

/**
 * One-time tokens for pages and files opened in a new tab (the automated assessment, the PDF report,
 * DXF and IFC), where the browser cannot send its bearer header. Only the SHA-256 of the token is
 * stored; a token is bound to the user, the sign-in session, the parcel and its purpose, expires after
 * minutes and is used at most once (`used_at`). Times are epoch milliseconds.
 */
export const oneTimeTokensMigration: SharedMigration = {
  version: 71,
  name: 'one-time-tokens',
  sql: (t) => `
    CREATE TABLE one_time_tokens (
      token_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      session_id TEXT NOT NULL,
      prc_id TEXT NOT NULL,
      purpose TEXT NOT NULL,
      expires_at ${t.bigint} NOT NULL,
      used_at ${t.bigint}
    );
    CREATE INDEX one_time_tokens_expiry ON one_time_tokens (expires_at);
  `,
};
