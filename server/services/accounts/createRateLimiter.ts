export interface RateLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key`; when over the limit, how many seconds until the window ends. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  reset(key: string): void;
}

/**
 * Fixed-window counter in memory: enough for the one-process server (design §1). Old windows are swept
 * on use so the map cannot grow without bound.
 */
export function createRateLimiter(limit: RateLimit, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < limit.windowMs) return;
    lastSweep = at;
    for (const [key, window] of windows) if (at - window.start >= limit.windowMs) windows.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      sweep(at);
      const current = windows.get(key);
      const window = current && at - current.start < limit.windowMs ? current : { start: at, count: 0 };
      window.count += 1;
      windows.set(key, window);
      if (window.count <= limit.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.ceil((window.start + limit.windowMs - at) / 1000) };
    },
    reset: (key) => void windows.delete(key),
  };
}
