import fs from 'node:fs';

/** The reply when the database or the data directory cannot grow (translated by translateReplies). */
export const DISK_FULL_MESSAGE = "The server's disk is full. Please try again later";

/** SQLite's "database or disk is full" and the system's "no space left on device". */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

/** A write refused for lack of space keeps the server "not ready" this long. */
const RECENT_MS = 60_000;

/**
 * Remembers disk-full failures and measures DATA_DIR's free space (statfs) for readiness: full while
 * DATA_DIR has less than `minFreeBytes` free (MIN_FREE_DISK_MB) or a write failed for lack of room within
 * the last minute, so a load balancer or orchestrator takes the instance out.
 */
export function createDiskWatch(dataDir: string, minFreeBytes: number, now: () => number = () => Date.now()) {
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
    /** Why DATA_DIR counts as full now, or null while there is room. */
    fullness(): string | null {
      if (now() - lastFullAt < RECENT_MS)
        return 'disk full: a write failed for lack of space within the last minute';
      const free = freeBytes();
      if (free >= minFreeBytes) return null;
      const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;
      return `disk full: ${mb(free)} free in DATA_DIR, less than ${mb(minFreeBytes)} (MIN_FREE_DISK_MB)`;
    },
  };
}

export type DiskWatch = ReturnType<typeof createDiskWatch>;
