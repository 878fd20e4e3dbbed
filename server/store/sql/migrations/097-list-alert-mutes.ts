import type { SharedMigration } from './SharedMigration';

/**
 * Who no longer wants a list's alerts (a listed parcel's changed facts are mailed like a saved
 * search's matches, with a one-click unsubscribe link): one row per list and person, written by that link.
 * Times are epoch milliseconds.
 */
export const listAlertMutesMigration: SharedMigration = {
  version: 97,
  name: 'list-alert-mutes',
  sql: (t) => `
    CREATE TABLE parcel_list_alert_mutes (
      list_id TEXT NOT NULL REFERENCES parcel_lists (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      muted_at ${t.bigint} NOT NULL,
      PRIMARY KEY (list_id, user_id)
    );
  `,
};
