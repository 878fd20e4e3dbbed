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
