import fs from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) the calling thread has used, from /proc/thread-self/stat; null where that
 * does not exist (not Linux). Node 20 has no per-thread CPU clock, and the build's profile must hold on a
 * busy machine, where wall time says little.
 */
export function threadCpuSeconds(): number | null {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may contain spaces) in parentheses; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds the whole process has used (every thread). */
export function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
