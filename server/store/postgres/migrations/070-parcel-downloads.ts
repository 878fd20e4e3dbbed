import type { PostgresMigration } from './PostgresMigration';

/** The parcels a user downloaded a report or export of, per quota period (SQLite migration 70). */
export const parcelDownloadsMigration: PostgresMigration = {
  version: 70,
  name: 'parcel-downloads',
  sql: `
    CREATE TABLE parcel_downloads (
      user_id TEXT NOT NULL,
      period_start TEXT NOT NULL,
      prc_id TEXT NOT NULL,
      first_at TEXT NOT NULL,
      PRIMARY KEY (user_id, period_start, prc_id)
    );
  `,
};
