import type { PostgresMigration } from './PostgresMigration';

/** Saved searches and the parcels each was found to match (SQLite migration 94). */
export const savedSearchesMigration: PostgresMigration = {
  version: 94,
  name: 'saved-searches',
  sql: `
    CREATE TABLE saved_searches (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      query TEXT NOT NULL,
      area TEXT,
      alert TEXT NOT NULL,
      site_id TEXT REFERENCES sites (id) ON DELETE SET NULL,
      matched_version TEXT,
      digest_at BIGINT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    );
    CREATE INDEX saved_searches_owner ON saved_searches (owner_id);
    CREATE INDEX saved_searches_site ON saved_searches (site_id);
    CREATE TABLE saved_search_matches (
      search_id TEXT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      prc_id TEXT NOT NULL,
      found_at BIGINT NOT NULL,
      alerted_at BIGINT,
      PRIMARY KEY (search_id, prc_id)
    );
    CREATE INDEX saved_search_matches_pending ON saved_search_matches (search_id, alerted_at);
  `,
};
