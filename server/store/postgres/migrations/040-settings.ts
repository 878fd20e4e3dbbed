import type { PostgresMigration } from './PostgresMigration';

/**
 * Preferences, uploads, the audit log and e-mail changes (SQLite migration 40; its sites tables are in
 * migration 10 here, since the accounts read them). Flags stay 0/1 and details JSON text, so both
 * adapters read one row shape.
 */
export const settingsMigration: PostgresMigration = {
  version: 40,
  name: 'settings',
  sql: `
    CREATE TABLE preferences (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      email_signature TEXT NOT NULL DEFAULT '',
      avatar_file_id TEXT,
      updated_at BIGINT NOT NULL
    );
    CREATE TABLE file_items (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      mime TEXT NOT NULL,
      size BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    );
    CREATE INDEX file_items_owner ON file_items (owner_id, type);
    CREATE TABLE audit_log (
      id BIGSERIAL PRIMARY KEY,
      at BIGINT NOT NULL,
      actor_id TEXT,
      actor_username TEXT NOT NULL,
      action TEXT NOT NULL,
      target_id TEXT,
      target_username TEXT,
      details TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX audit_log_target ON audit_log (target_id, at);
    CREATE TABLE email_changes (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      old_email TEXT NOT NULL,
      new_email TEXT NOT NULL,
      username_follows INTEGER NOT NULL,
      confirm_key_hash TEXT NOT NULL UNIQUE,
      undo_key_hash TEXT NOT NULL UNIQUE,
      created_at BIGINT NOT NULL,
      confirm_expires_at BIGINT NOT NULL,
      undo_expires_at BIGINT NOT NULL,
      applied_at BIGINT,
      ended_at BIGINT
    );
    CREATE INDEX email_changes_user ON email_changes (user_id) WHERE ended_at IS NULL;
  `,
};
