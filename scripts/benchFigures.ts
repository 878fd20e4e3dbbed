/** Timing and printing helpers the bench scripts share (p50/p95 of repeated synchronous calls). */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/** Runs `make(i)()` n times, one after another; the milliseconds of each run (making the call is not timed). */
export async function time<T>(n: number, make: (i: number) => () => T | Promise<T>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const run = make(i);
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * As `time`, also the process's CPU milliseconds of each run (user + system, every thread): on a machine
 * busy with other work the wall time waits for a core, the CPU time is the work itself.
 */
export async function timeWithCpu<T>(
  n: number,
  make: (i: number) => () => T | Promise<T>,
): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const run = make(i);
    const start = performance.now();
    const used = process.cpuUsage();
    await run();
    const { user, system } = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((user + system) / 1000);
  }
  return { wall, cpu };
}

/** `line` of the wall times with the CPU time's p50 and p95 beside them. */
export function lineWithCpu(name: string, { wall, cpu }: { wall: number[]; cpu: number[] }): void {
  const { p50, p95 } = percentiles(cpu);
  line(name, wall, `  (CPU p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms)`);
}

export function line(name: string, samples: number[], extra = ''): void {
  const { p50, p95 } = percentiles(samples);
  console.log(
    `${name.padEnd(44)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms ${extra}`,
  );
}

/** The machine's 1, 5 and 15 minute load averages, to print beside the figures (a busy machine is slower). */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
