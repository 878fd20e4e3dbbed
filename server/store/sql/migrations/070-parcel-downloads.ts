import type { SharedMigration } from './SharedMigration';

/**
 * Which parcels a user has already downloaded a report or export of in a quota period. The report
 * quota counts a parcel once per period: the first download counts one `report_download`, any later
 * one of the same parcel in the same period (another language, another format) is free.
 */
export const parcelDownloadsMigration: SharedMigration = {
  version: 70,
  name: 'parcel-downloads',
  sql: (t) => `
    CREATE TABLE parcel_downloads (
      user_id TEXT NOT NULL,
      period_start TEXT NOT NULL,
      prc_id TEXT NOT NULL,
      first_at TEXT NOT NULL,
      PRIMARY KEY (user_id, period_start, prc_id)
    )${t.withoutRowid};
  `,
};
