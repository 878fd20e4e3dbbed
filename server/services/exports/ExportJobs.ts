import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import {
  EXPORT_DOWNLOAD_MINUTES,
  EXPORT_JOB_EVENT,
  type ExportJobEvent,
  type ExportJobStarted,
  type ExportJobStatus,
} from '../../../src/contract/ExportJobs';
import type { ExportJobRecord, ExportJobStore } from '../../store/contract/exportJobs/ExportJobStore';

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
  /**
   * Records the job (every instance can answer for it from then on) and starts making the file off the
   * request; its progress goes to the user's sockets.
   */
  start(userId: string, prepared: PreparedExport): Promise<ExportJobStarted>;
  /**
   * The job as its owner sees it; unknown, expired and another user's are all 404 (a job's existence is
   * not told to anyone else).
   */
  status(userId: string, jobId: string): Promise<ExportJobStatus>;
  /** The finished file of the owner's job, its name and type. */
  download(userId: string, jobId: string): Promise<{ body: Buffer; fileName: string; contentType: string }>;
  /** Fails the jobs whose instance fell silent and removes the expired ones (also on a timer). */
  sweep(): Promise<void>;
  /** Resolves when every job this instance runs has ended (tests, shutdown). */
  settled(): Promise<void>;
  /** Stops the timers and waits for this instance's running jobs (the server is closing). */
  close(): Promise<void>;
}

/** How often a running job says it is alive, besides its progress. */
export const EXPORT_HEARTBEAT_MS = 30_000;
/** A running job silent this long (its instance died mid-way) is failed. */
export const EXPORT_SILENT_MS = 5 * 60_000;

export interface ExportJobsOptions {
  events: EventEmitter;
  /** Where the jobs and their finished files are kept, shared by every instance on the database. */
  store: ExportJobStore;
  /** How long a finished file waits for its download. */
  keepMs?: number;
  now?: () => number;
  /** A job's failure, for the server log. */
  onError?: (error: unknown) => void;
}

const toStatus = (job: ExportJobRecord): ExportJobStatus => ({
  jobId: job.id,
  state: job.state,
  fileName: job.fileName,
  parcels: job.parcels,
  done: job.done,
  percent: job.percent,
  expiresAt: job.state === 'done' && job.expiresAt !== null ? new Date(job.expiresAt).toISOString() : null,
});

/**
 * The background exports (ADR 040): each job is a row of the database every instance shares, its finished
 * file a BLOB in it, so a status or a download answered by another instance than the one that made the file
 * finds it. The making instance writes progress (at most one a percent) and a heartbeat; a job silent for
 * EXPORT_SILENT_MS (its instance died) is failed by whichever instance sweeps first. Finished and failed
 * jobs are removed keepMs after they ended. Progress goes to the owner's sockets through `events`, which
 * reach every instance (the socket fan-out).
 */
export function createExportJobs({
  events,
  store,
  keepMs = EXPORT_DOWNLOAD_MINUTES * 60_000,
  now = Date.now,
  onError = () => undefined,
}: ExportJobsOptions): ExportJobs {
  const running = new Map<string, Promise<void>>();
  // Every instance sweeps, whether or not it makes exports itself (one may have died with jobs running).
  let sweeper: NodeJS.Timeout | null = setInterval(() => void sweep().catch(onError), EXPORT_HEARTBEAT_MS);
  sweeper.unref();

  const push = (job: ExportJobRecord) =>
    events.emit(EXPORT_JOB_EVENT, { userId: job.ownerId, ...toStatus(job) } satisfies ExportJobEvent);

  async function run(job: ExportJobRecord, prepared: PreparedExport) {
    let written: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      written = written.then(() => store.progress(job.id, job.done, job.percent, now())).catch(onError);
    }, EXPORT_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const body = await prepared.build((done) => {
        const percent = Math.floor((100 * Math.min(done, job.parcels)) / Math.max(1, job.parcels));
        // One push a percent at most: a 10,000-parcel file sends about a hundred.
        if (percent === job.percent || percent === 100) return;
        job.done = done;
        job.percent = percent;
        push(job);
        written = written.then(() => store.progress(job.id, done, percent, now())).catch(onError);
      });
      clearInterval(heartbeat);
      await written;
      const at = now();
      // False when the job was failed meanwhile (silent too long): it stays failed.
      if (await store.finish(job.id, body, at, at + keepMs))
        Object.assign(job, { state: 'done', done: job.parcels, percent: 100, expiresAt: at + keepMs });
      else job.state = 'failed';
    } catch (error) {
      clearInterval(heartbeat);
      onError(error);
      await written;
      const at = now();
      // A failed job is kept a while only to answer its status and download with "failed".
      await store.fail(job.id, error instanceof Error ? error.message : String(error), at, at + keepMs);
      job.state = 'failed';
    }
    push(job);
  }

  async function ownJob(userId: string, jobId: string): Promise<ExportJobRecord> {
    const job = await store.find(jobId);
    if (!job || job.ownerId !== userId || (job.expiresAt !== null && job.expiresAt <= now()))
      throw new ExportJobError(404, 'unknown');
    if (job.state === 'running' && job.heartbeatAt < now() - EXPORT_SILENT_MS) {
      await sweep();
      return ownJob(userId, jobId);
    }
    return job;
  }

  async function sweep() {
    const at = now();
    for (const job of await store.failSilent(at - EXPORT_SILENT_MS, at + keepMs)) push(job);
    await store.removeExpired(at);
  }

  return {
    async start(userId, prepared) {
      const job: ExportJobRecord = {
        id: randomUUID(),
        ownerId: userId,
        fileName: prepared.fileName,
        contentType: prepared.contentType,
        parcels: prepared.parcels,
        state: 'running',
        done: 0,
        percent: 0,
        createdAt: now(),
        heartbeatAt: now(),
        expiresAt: null,
      };
      await store.create({ ...job, at: job.createdAt });
      // After the 202 is on its way: the first push follows the answer that names the job.
      const ended = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(job, prepared))
        .catch(onError)
        .finally(() => running.delete(job.id));
      running.set(job.id, ended);
      return { background: true, jobId: job.id, parcels: job.parcels, fileName: job.fileName };
    },
    status: async (userId, jobId) => toStatus(await ownJob(userId, jobId)),
    async download(userId, jobId) {
      const job = await ownJob(userId, jobId);
      if (job.state === 'running') throw new ExportJobError(409, 'running');
      if (job.state === 'failed') throw new ExportJobError(404, 'failed');
      const body = await store.file(jobId, userId);
      // Removed between the two reads.
      if (!body) throw new ExportJobError(404, 'unknown');
      return { body, fileName: job.fileName, contentType: job.contentType };
    },
    sweep,
    async settled() {
      await Promise.all([...running.values()]);
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await Promise.all([...running.values()]);
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
