import type { PostgresMigration } from './PostgresMigration';

/** Background export jobs and their finished files (SQLite migration 96). */
export const exportJobsMigration: PostgresMigration = {
  version: 96,
  name: 'export-jobs',
  sql: `
    CREATE TABLE export_jobs (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      file_name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      parcels INTEGER NOT NULL,
      state TEXT NOT NULL,
      done INTEGER NOT NULL DEFAULT 0,
      percent INTEGER NOT NULL DEFAULT 0,
      file BYTEA,
      error TEXT,
      created_at BIGINT NOT NULL,
      heartbeat_at BIGINT NOT NULL,
      expires_at BIGINT
    );
    CREATE INDEX export_jobs_running ON export_jobs (state, heartbeat_at);
    CREATE INDEX export_jobs_expiry ON export_jobs (expires_at);
  `,
};
