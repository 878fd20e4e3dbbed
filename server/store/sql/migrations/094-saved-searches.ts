import type { SharedMigration } from './SharedMigration';

/**
 * Saved searches (their wire query string, an optional area of interest as four WGS84 degrees, an alert
 * frequency, a site they are shared with) and, per search, every parcel it has been found to match: a
 * parcel is recorded once (primary key), so no alert is sent twice, across restarts and instances.
 * `alerted_at` is null while a daily or weekly digest still has to tell of it. `matched_version` is the
 * dataset build the search was last matched against. Times are epoch milliseconds.
 */
export const savedSearchesMigration: SharedMigration = {
  version: 94,
  name: 'saved-searches',
  sql: (t) => `
    CREATE TABLE saved_searches (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      query TEXT NOT NULL,
      area TEXT,
      alert TEXT NOT NULL,
      site_id TEXT REFERENCES sites (id) ON DELETE SET NULL,
      matched_version TEXT,
      digest_at ${t.bigint},
      created_at ${t.bigint} NOT NULL,
      updated_at ${t.bigint} NOT NULL
    );
    CREATE INDEX saved_searches_owner ON saved_searches (owner_id);
    CREATE INDEX saved_searches_site ON saved_searches (site_id);
    CREATE TABLE saved_search_matches (
      search_id TEXT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      prc_id TEXT NOT NULL,
      found_at ${t.bigint} NOT NULL,
      alerted_at ${t.bigint},
      PRIMARY KEY (search_id, prc_id)
    );
    CREATE INDEX saved_search_matches_pending ON saved_search_matches (search_id, alerted_at);
  `,
};
