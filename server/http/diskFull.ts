import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** The reply when the database or the data directory cannot grow (translated by translateReplies). */
export const DISK_FULL_MESSAGE = "The server's disk is full. Please try again later";

/** SQLite's "database or disk is full" and the system's "no space left on device". */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

/** Less free space than this in DATA_DIR and the server reports itself not ready. */
const MIN_FREE_BYTES = 16 * 1024 * 1024;
/** A write refused for lack of space keeps the server "not ready" this long. */
const RECENT_MS = 60_000;

/**
 * Remembers disk-full failures and answers `GET /readyz` beside `/healthz` (which says only that the
 * process runs): 503 `{status: 'disk full'}` while DATA_DIR has too little space or a write failed for
 * lack of it within the last minute, so a load balancer or orchestrator takes the instance out.
 */
export function createDiskWatch(dataDir: string, now: () => number = () => Date.now()) {
  let lastFullAt = -Infinity;
  function freeBytes(): number {
    try {
      const stats = fs.statfsSync(dataDir);
      return stats.bavail * stats.bsize;
    } catch {
      return Infinity;
    }
  }
  return {
    noteFull(): void {
      lastFullAt = now();
    },
    isFull(): boolean {
      return now() - lastFullAt < RECENT_MS || freeBytes() < MIN_FREE_BYTES;
    },
    register(app: FastifyInstance): void {
      app.get('/readyz', async (_request, reply) => {
        if (this.isFull()) return reply.code(503).header('retry-after', '60').send({ status: 'disk full' });
        return { status: 'ok' };
      });
    },
  };
}

export type DiskWatch = ReturnType<typeof createDiskWatch>;
