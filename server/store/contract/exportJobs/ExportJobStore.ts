import type { ExportJobState } from '../../../../src/contract/ExportJobs';

/** A background export as stored, without its file. Times are epoch milliseconds. */
export interface ExportJobRecord {
  id: string;
  ownerId: string;
  fileName: string;
  contentType: string;
  parcels: number;
  state: ExportJobState;
  done: number;
  percent: number;
  createdAt: number;
  /** The last sign of life of the instance making it. */
  heartbeatAt: number;
  /** When the job and its file are removed; null while running. */
  expiresAt: number | null;
}

export interface NewExportJob {
  id: string;
  ownerId: string;
  fileName: string;
  contentType: string;
  parcels: number;
  at: number;
}

/**
 * Background export jobs and their finished files (migration 96, ADR 040), shared by every instance on the
 * database. A running job moves on only while it is running: finishing and failing are conditional on the
 * state, so a job failed as stale (its instance silent too long) is not finished afterwards.
 */
export interface ExportJobStore {
  create(job: NewExportJob): Promise<void>;
  find(id: string): Promise<ExportJobRecord | null>;
  /** Records progress and a sign of life of a running job. */
  progress(id: string, done: number, percent: number, at: number): Promise<void>;
  /** Stores the file of a running job; false when the job is no longer running (failed or removed). */
  finish(id: string, file: Buffer, at: number, expiresAt: number): Promise<boolean>;
  /** Fails a running job; false when it was not running. */
  fail(id: string, error: string, at: number, expiresAt: number): Promise<boolean>;
  /** The finished file of the owner's job; null for anyone else, or a job not done. */
  file(id: string, ownerId: string): Promise<Buffer | null>;
  /** Fails every running job with no sign of life since `silentSince`; answers the jobs failed now. */
  failSilent(silentSince: number, expiresAt: number): Promise<ExportJobRecord[]>;
  /** Removes every job (and file) expired at `at`; answers how many. */
  removeExpired(at: number): Promise<number>;
}

export const EXPORT_JOB_COLUMNS = `id, owner_id, file_name, content_type, parcels, state, done, percent,
  created_at, heartbeat_at, expires_at`;

export interface ExportJobRow {
  id: string;
  owner_id: string;
  file_name: string;
  content_type: string;
  parcels: number | string;
  state: ExportJobState;
  done: number | string;
  percent: number | string;
  created_at: number | string;
  heartbeat_at: number | string;
  expires_at: number | string | null;
}

export const toExportJobRecord = (row: ExportJobRow): ExportJobRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  fileName: row.file_name,
  contentType: row.content_type,
  parcels: Number(row.parcels),
  state: row.state,
  done: Number(row.done),
  percent: Number(row.percent),
  createdAt: Number(row.created_at),
  heartbeatAt: Number(row.heartbeat_at),
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
});
