import type { SharedMigration } from './SharedMigration';

/**
 * Background exports (ADR 040, amended): a job row every instance can read — its owner, the file's name and
 * type, parcels and progress, its state (running, done, failed), the finished file itself as a BLOB (every
 * instance shares the database, not necessarily a directory), the last sign of life of the instance making
 * it (`heartbeat_at`: a running job not touched for a while is failed), and when it is removed
 * (`expires_at`, null while running). Times are epoch milliseconds.
 */
export const exportJobsMigration: SharedMigration = {
  version: 96,
  name: 'export-jobs',
  sql: (t) => `
    CREATE TABLE export_jobs (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      file_name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      parcels INTEGER NOT NULL,
      state TEXT NOT NULL,
      done INTEGER NOT NULL DEFAULT 0,
      percent INTEGER NOT NULL DEFAULT 0,
      file ${t.blob},
      error TEXT,
      created_at ${t.bigint} NOT NULL,
      heartbeat_at ${t.bigint} NOT NULL,
      expires_at ${t.bigint}
    );
    CREATE INDEX export_jobs_running ON export_jobs (state, heartbeat_at);
    CREATE INDEX export_jobs_expiry ON export_jobs (expires_at);
  `,
};
