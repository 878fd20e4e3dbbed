import type { PostgresMigration } from './PostgresMigration';

/** Each account's time zone for its digests (SQLite migration 95). */
export const timeZonesMigration: PostgresMigration = {
  version: 95,
  name: 'time-zones',
  sql: `ALTER TABLE preferences ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Zurich';`,
};
