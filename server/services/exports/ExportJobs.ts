import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EXPORT_DOWNLOAD_MINUTES,
  EXPORT_JOB_EVENT,
  type ExportJobEvent,
  type ExportJobStarted,
  type ExportJobStatus,
} from '../../../src/contract/ExportJobs';

/**
 * An export already counted against the plan, ready to be made: how many parcels, what the file is called
 * and its type, and how to make it (reporting parcels done, yielding to the event loop between batches).
 */
export interface PreparedExport {
  parcels: number;
  fileName: string;
  contentType: string;
  build(progress: ExportProgress): Promise<Buffer>;
}

/** Called as the parcels of an export are written (0..parcels). */
export type ExportProgress = (done: number) => void;

/** The English refusals of the job routes (translated by server.exportJobs.* in translations/). */
export const EXPORT_JOB_MESSAGES = {
  unknown: 'This export does not exist or has expired. Start the export again',
  running: 'This export is not finished yet. Wait for it to finish, then download it',
  failed: 'This export failed and its file was removed. Start the export again',
} as const;

export class ExportJobError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly reason: keyof typeof EXPORT_JOB_MESSAGES,
  ) {
    super(EXPORT_JOB_MESSAGES[reason]);
  }
}

export interface ExportJobs {
  /** Starts making the file off the request; its progress goes to the user's sockets. */
  start(userId: string, prepared: PreparedExport): ExportJobStarted;
  /**
   * The job as its owner sees it; unknown, expired and another user's are all 404 (a job's existence is
   * not told to anyone else).
   */
  status(userId: string, jobId: string): ExportJobStatus;
  /** The finished file of the owner's job: where it is on disk, its name and type. */
  download(userId: string, jobId: string): { path: string; fileName: string; contentType: string };
  /** Resolves when every running job has ended (tests, shutdown). */
  settled(): Promise<void>;
  /** Removes every file and forgets every job (the server is closing). */
  close(): Promise<void>;
}

interface Job {
  userId: string;
  status: ExportJobStatus;
  contentType: string;
  file: string;
  ended: Promise<void>;
  expiry?: NodeJS.Timeout;
}

export interface ExportJobsOptions {
  events: EventEmitter;
  /** How long a finished file waits for its download. */
  keepMs?: number;
  /** Where the files are written (a directory of its own is made in it). */
  tmpDir?: string;
  now?: () => Date;
  /** A job's failure, for the server log. */
  onError?: (error: unknown) => void;
}

/**
 * The background exports of this server process, in memory (ADR 040): a job and its file live until the
 * file expires, fails or the process ends. A restart loses the running jobs: the browser asks after them
 * when its socket is back and, answered 404, tells the user the export was interrupted.
 */
export function createExportJobs({
  events,
  keepMs = EXPORT_DOWNLOAD_MINUTES * 60_000,
  tmpDir = os.tmpdir(),
  now = () => new Date(),
  onError = () => undefined,
}: ExportJobsOptions): ExportJobs {
  // Made with the first job: a server that never exports leaves nothing in the temp directory.
  let dir: string | null = null;
  const directory = () => (dir ??= fs.mkdtempSync(path.join(tmpDir, 'parcel-atlas-exports-')));
  const jobs = new Map<string, Job>();

  const push = (job: Job) =>
    events.emit(EXPORT_JOB_EVENT, { userId: job.userId, ...job.status } satisfies ExportJobEvent);

  function forget(jobId: string) {
    const job = jobs.get(jobId);
    if (!job) return;
    clearTimeout(job.expiry);
    jobs.delete(jobId);
    fs.rmSync(job.file, { force: true });
  }

  async function run(job: Job, prepared: PreparedExport) {
    const { status } = job;
    try {
      const body = await prepared.build((done) => {
        const percent = Math.floor((100 * Math.min(done, status.parcels)) / Math.max(1, status.parcels));
        // One push a percent at most: a 10,000-parcel file sends about a hundred.
        if (percent === status.percent || percent === 100) return;
        status.done = done;
        status.percent = percent;
        push(job);
      });
      await fs.promises.writeFile(job.file, body);
      if (!jobs.has(status.jobId)) return fs.rmSync(job.file, { force: true }); // closed meanwhile
      Object.assign(status, {
        state: 'done',
        done: status.parcels,
        percent: 100,
        expiresAt: new Date(now().getTime() + keepMs).toISOString(),
      });
      job.expiry = setTimeout(() => forget(status.jobId), keepMs);
      job.expiry.unref();
    } catch (error) {
      onError(error);
      fs.rmSync(job.file, { force: true });
      status.state = 'failed';
      // A failed job is kept a while only to answer its status and download with "failed".
      job.expiry = setTimeout(() => forget(status.jobId), keepMs);
      job.expiry.unref();
    }
    if (jobs.has(status.jobId)) push(job);
  }

  function ownJob(userId: string, jobId: string): Job {
    const job = jobs.get(jobId);
    if (!job || job.userId !== userId) throw new ExportJobError(404, 'unknown');
    return job;
  }

  return {
    start(userId, prepared) {
      const jobId = randomUUID();
      const job: Job = {
        userId,
        contentType: prepared.contentType,
        file: path.join(directory(), jobId),
        ended: Promise.resolve(),
        status: {
          jobId,
          state: 'running',
          fileName: prepared.fileName,
          parcels: prepared.parcels,
          done: 0,
          percent: 0,
          expiresAt: null,
        },
      };
      jobs.set(jobId, job);
      // After the 202 is on its way: the first push follows the answer that names the job.
      job.ended = new Promise<void>((resolve) => setImmediate(resolve)).then(() => run(job, prepared));
      return { background: true, jobId, parcels: prepared.parcels, fileName: prepared.fileName };
    },
    status: (userId, jobId) => ({ ...ownJob(userId, jobId).status }),
    download(userId, jobId) {
      const job = ownJob(userId, jobId);
      if (job.status.state === 'running') throw new ExportJobError(409, 'running');
      if (job.status.state === 'failed') throw new ExportJobError(404, 'failed');
      return { path: job.file, fileName: job.status.fileName, contentType: job.contentType };
    },
    async settled() {
      await Promise.all([...jobs.values()].map((job) => job.ended));
    },
    async close() {
      const running = [...jobs.values()].map((job) => job.ended);
      for (const jobId of [...jobs.keys()]) forget(jobId);
      await Promise.all(running);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      dir = null;
    },
  };
}

/** Rows an export writes between two yields to the event loop. */
export const EXPORT_BATCH_ROWS = 250;

/**
 * Hands the items to `batch` EXPORT_BATCH_ROWS at a time, yielding to the event loop after each batch
 * (other requests go on while a large file is made) and reporting how many are done.
 */
export async function inBatches<T>(
  items: readonly T[],
  batch: (items: readonly T[]) => void | Promise<void>,
  progress: ExportProgress = () => undefined,
): Promise<void> {
  for (let start = 0; start < items.length; start += EXPORT_BATCH_ROWS) {
    const end = Math.min(items.length, start + EXPORT_BATCH_ROWS);
    await batch(items.slice(start, end));
    progress(end);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
