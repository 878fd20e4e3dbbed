import os from 'node:os';

/**
 * How much a worker thread yields to the event loop when both want a core: Linux's nice value 10 gives a
 * thread about a tenth of the share of one at 0, so a probe or a login waits a time slice, not a queue of
 * searches, tiles or imports; the workers still get every core the event loop leaves idle (ADR 067).
 */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the scheduling priority of the calling thread, not its process: Linux keeps a nice value per
 * thread, and `os.setPriority(0, …)` sets the calling thread's. Elsewhere it would be the whole process's,
 * so it is left alone there (false).
 */
export function runInBackground(nice = BACKGROUND_NICE): boolean {
  if (process.platform !== 'linux') return false;
  os.setPriority(0, nice);
  return true;
}
