import type { Migration } from './Migration';

/**
 * Who no longer wants a list's alerts (a listed parcel's changed facts are mailed like a saved
 * search's matches, with a one-click unsubscribe link): one row per list and person, written by that link.
 * Times are epoch milliseconds.
 */
export const listAlertMutesMigration: Migration = {
  version: 97,
  name: 'list-alert-mutes',
  up(db) {
    db.exec(`
      CREATE TABLE parcel_list_alert_mutes (
        list_id TEXT NOT NULL REFERENCES parcel_lists (id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        muted_at INTEGER NOT NULL,
        PRIMARY KEY (list_id, user_id)
      );
    `);
  },
};
