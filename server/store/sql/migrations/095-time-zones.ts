import type { SharedMigration } from './SharedMigration';

/**
 * Each account's time zone (an IANA name), in which its saved-search digests keep the reminder hours of
 * spec §9. Accounts without a choice are in Europe/Zurich, where the app's users have been so far.
 */
export const timeZonesMigration: SharedMigration = {
  version: 95,
  name: 'time-zones',
  sql: () => `ALTER TABLE preferences ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Zurich';`,
};
