import type { PostgresMigration } from './PostgresMigration';

/** Who no longer wants a list's alerts (SQLite migration 97). */
export const listAlertMutesMigration: PostgresMigration = {
  version: 97,
  name: 'list-alert-mutes',
  sql: `
    CREATE TABLE parcel_list_alert_mutes (
      list_id TEXT NOT NULL REFERENCES parcel_lists (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      muted_at BIGINT NOT NULL,
      PRIMARY KEY (list_id, user_id)
    );
  `,
};
