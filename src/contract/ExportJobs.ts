/**
 * Bulk exports in the background (ADR 040): an export of more than BACKGROUND_EXPORT_ABOVE
 * parcels is answered 202 with a job at once; the file is made off the request, its progress pushed to
 * the user's sockets as EXPORT_JOB_EVENT, and when done it waits for its owner at `exports/{jobId}`
 * until it expires.
 */

/** Exports of more parcels than this run in the background; smaller ones are answered with the file. */
export const BACKGROUND_EXPORT_ABOVE = 500;

/** How long a finished export can be downloaded before its file is removed. */
export const EXPORT_DOWNLOAD_MINUTES = 60;

/** The socket event type a background export's progress is pushed as (`message` {type, data}). */
export const EXPORT_JOB_EVENT = 'export-job';

/** The 202 answer of an export that runs in the background. */
export interface ExportJobStarted {
  background: true;
  jobId: string;
  /** Parcels the file will hold (already counted against the plan). */
  parcels: number;
  fileName: string;
}

export type ExportJobState = 'running' | 'done' | 'failed';

/** A background export as `GET exports/{jobId}/status` answers it and the socket pushes it. */
export interface ExportJobStatus {
  jobId: string;
  state: ExportJobState;
  fileName: string;
  parcels: number;
  /** Parcels written so far. */
  done: number;
  /** 0–100. */
  percent: number;
  /** When a finished file is removed (ISO date-time); null while running or after a failure. */
  expiresAt: string | null;
}

/** The socket payload: the status and the user whose sockets it goes to. */
export type ExportJobEvent = ExportJobStatus & { userId: string };
