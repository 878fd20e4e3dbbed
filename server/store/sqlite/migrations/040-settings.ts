import type { Migration } from './Migration';

/**
 * Settings and account administration (ADR 014):
 * - `sites` (id, name) and `user_sites` (the grants): the profile's `sites` and the site access check of
 *   spec §6 read these. Sites kept so far as JSON on the user row are carried over (name = id).
 * - `preferences`: the e-mail signature (sanitised HTML) and the avatar of an account.
 * - `file_items`: uploads; the bytes live under DATA_DIR/files by content hash, the row says whose they are.
 * - `audit_log`: who did what to which account, when (every administrator action).
 * - `email_changes`: a pending or applied e-mail change with its two single-use keys (stored as SHA-256
 *   only): the confirmation key mailed to the new address, the undo key mailed to the old one.
 */
export const settingsMigration: Migration = {
  version: 40,
  name: 'settings',
  up(db) {
    const now = Date.now();
    db.exec(`
      CREATE TABLE sites (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE user_sites (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, site_id)
      ) WITHOUT ROWID;
      CREATE INDEX user_sites_site ON user_sites(site_id);
      INSERT OR IGNORE INTO sites (id, name, created_at)
        SELECT DISTINCT json_extract(j.value, '$.siteID'),
          coalesce(json_extract(j.value, '$.name'), json_extract(j.value, '$.siteID')), ${now}
        FROM users, json_each(users.sites) AS j
        WHERE json_extract(j.value, '$.siteID') IS NOT NULL;
      INSERT OR IGNORE INTO user_sites (user_id, site_id)
        SELECT users.id, json_extract(j.value, '$.siteID') FROM users, json_each(users.sites) AS j
        WHERE json_extract(j.value, '$.siteID') IS NOT NULL;

      CREATE TABLE preferences (
        user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        email_signature TEXT NOT NULL DEFAULT '',
        avatar_file_id TEXT,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE file_items (
        id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        mime TEXT NOT NULL,
        size INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX file_items_owner ON file_items(owner_id, type);

      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        actor_id TEXT,
        actor_username TEXT NOT NULL,
        action TEXT NOT NULL,
        target_id TEXT,
        target_username TEXT,
        details TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX audit_log_target ON audit_log(target_id, at);

      CREATE TABLE email_changes (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        old_email TEXT NOT NULL,
        new_email TEXT NOT NULL,
        username_follows INTEGER NOT NULL,
        confirm_key_hash TEXT NOT NULL UNIQUE,
        undo_key_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        confirm_expires_at INTEGER NOT NULL,
        undo_expires_at INTEGER NOT NULL,
        applied_at INTEGER,
        ended_at INTEGER
      );
      CREATE INDEX email_changes_user ON email_changes(user_id) WHERE ended_at IS NULL;
    `);
  },
};
