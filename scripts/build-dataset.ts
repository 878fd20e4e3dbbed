/**
 * Builds the parcel dataset into a SQLite file, on worker threads, resumably.
 *   npm run dataset -- --cantons ZG,BE [--municipalities 5192,…] [--seed N] [--out FILE] [--workers N] [--force]
 *   npm run dataset -- --all
 * --municipalities adds single municipalities (BFS numbers) of other cantons, each as in its whole canton.
 * Without --out it builds DATA_DIR/parcel-atlas.sqlite (the server's database; its users and settings are
 * kept). Ctrl-C (or a kill) stops it; the same command then continues where it stopped. A file that
 * already holds the same complete dataset is left as it is unless --force.
 * With DATABASE_URL=postgres://… it builds into that PostgreSQL database instead (the same pipeline with
 * the PostgreSQL writer, generating on this thread; --out and --workers do not apply).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { DEFAULT_DATASET_SEED } from '../server/data/buildDataset';
import { buildDatasetFile, type BuildCpu } from '../server/data/build/buildDatasetFile';
import { buildPostgresDataset } from '../server/data/buildPostgresDataset';
import { CANTONS } from '../server/geo/cantons';
import { loadStorageConfig } from '../server/config';

interface Args {
  cantons: string[];
  extraMunicipalities: number[];
  seed: number;
  out: string;
  workers: number;
  force: boolean;
}

const USAGE =
  'Use --cantons ZG,BE | --all, --municipalities 5192,… (BFS numbers), --seed N, --out FILE, --workers N, --force';

function parseArgs(argv: string[]): Args {
  let cantons = (process.env.DATASET_CANTONS ?? 'ZG,LU,GE,TI').toUpperCase().split(',');
  let seed = DEFAULT_DATASET_SEED;
  let out = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'parcel-atlas.sqlite');
  let workers = os.availableParallelism();
  let force = false;
  let extraMunicipalities: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--all') cantons = CANTONS.map((c) => c.code);
    else if (arg === '--cantons') cantons = (argv[++i] ?? '').toUpperCase().split(',').filter(Boolean);
    else if (arg === '--municipalities')
      extraMunicipalities = (argv[++i] ?? '').split(',').filter(Boolean).map(Number);
    else if (arg === '--seed') seed = Number(argv[++i]);
    else if (arg === '--out') out = path.resolve(argv[++i] ?? '');
    else if (arg === '--workers') workers = Number(argv[++i]);
    else if (arg === '--force') force = true;
    else throw new Error(`Unknown argument ${arg}. ${USAGE}`);
  }
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number ≥ 0');
  if (!extraMunicipalities.every((bfs) => Number.isInteger(bfs) && bfs > 0))
    throw new Error('--municipalities must be BFS numbers (whole numbers), separated by commas');
  if (!Number.isInteger(workers) || workers < 0) throw new Error('--workers must be a whole number ≥ 0');
  return { cantons, extraMunicipalities, seed, out, workers, force };
}

const PROGRESS_EVERY_MS = 3000;

/**
 * Where the CPU went, by thread (figures that hold on a busy machine, unlike wall time), and the wall time
 * the same work would take on idle cores: the parallel part spread over the cores, plus the serial finish.
 */
function cpuProfile(cpu: BuildCpu, parcels: number): string {
  const us = (seconds: number) => `${((seconds * 1e6) / parcels).toFixed(1)} µs/parcel`;
  const generating = cpu.generatorThreads.reduce((sum, s) => sum + s, 0);
  const writing = cpu.mainThread - cpu.mainThreadFinishing;
  const other = cpu.process - generating - cpu.mainThread;
  const cores = os.availableParallelism();
  const idleEstimate = (cpu.process - cpu.mainThreadFinishing) / cores + cpu.mainThreadFinishing;
  return (
    `  CPU: generator threads ${cpu.generatorThreads.map((s) => s.toFixed(0)).join(' + ')} s (${us(generating)}), ` +
    `main thread ${writing.toFixed(0)} s writing (${us(writing)}) + ${cpu.mainThreadFinishing.toFixed(0)} s finishing, ` +
    `other threads (GC, I/O) ${other.toFixed(0)} s; total ${cpu.process.toFixed(0)} s (${us(cpu.process)}) ` +
    `→ about ${idleEstimate.toFixed(0)} s on ${cores} idle cores\n`
  );
}

/** DATABASE_URL set: the dataset goes into PostgreSQL (ADR 050). */
async function buildIntoPostgres(url: string, args: Args): Promise<void> {
  const started = Date.now();
  let last = 0;
  const result = await buildPostgresDataset(url, {
    cantons: args.cantons,
    extraMunicipalities: args.extraMunicipalities,
    seed: args.seed,
    force: args.force,
    onProgress(line, done, total) {
      if (Date.now() - last >= PROGRESS_EVERY_MS || done === total) {
        last = Date.now();
        process.stdout.write(`${line}\n`);
      }
    },
  });
  const { info } = result;
  process.stdout.write(
    result.outcome === 'up to date'
      ? `The PostgreSQL database already holds this dataset (${info.parcels.toLocaleString('en-US')} parcels, ${info.cantons.join(', ')}): nothing to do (--force rebuilds it)\n`
      : `Done: ${info.parcels.toLocaleString('en-US')} parcels, ${info.buildings.toLocaleString('en-US')} buildings into PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/**
 * Garbage collection on the threads that allocate instead of on helper threads: the build keeps every
 * core busy with its own threads, so GC helpers only add their coordination cost (BE+VD: 91 → 84 µs of
 * CPU per parcel). V8 flags cannot change in a running process (nor per worker thread), so the script
 * starts itself once more with the flag when it lacks it; Ctrl-C reaches both (one process group) and the
 * child stops as usual while this one waits for it.
 */
const GC_FLAG = '--single-threaded-gc';

function rerunWithGcFlag(): boolean {
  if (process.execArgv.includes(GC_FLAG)) return false;
  const child = spawn(process.execPath, [...process.execArgv, GC_FLAG, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}

async function main(): Promise<void> {
  if (rerunWithGcFlag()) return;
  const args = parseArgs(process.argv.slice(2));
  const { databaseUrl } = loadStorageConfig();
  if (databaseUrl !== null) {
    await buildIntoPostgres(databaseUrl, args);
    return;
  }
  const stop = new AbortController();
  process.on('SIGINT', () => {
    if (stop.signal.aborted) process.exit(130);
    process.stdout.write('\nStopping after the municipality being written (Ctrl-C again to quit at once)…\n');
    stop.abort();
  });
  let last = 0;
  const result = await buildDatasetFile({
    file: args.out,
    cantons: args.cantons,
    extraMunicipalities: args.extraMunicipalities,
    seed: args.seed,
    workers: args.workers,
    force: args.force,
    signal: stop.signal,
    onProgress(line, done, total) {
      if (Date.now() - last >= PROGRESS_EVERY_MS || done === total || line.startsWith('Finishing')) {
        last = Date.now();
        process.stdout.write(`${line}\n`);
      }
    },
  });
  if (result.outcome === 'up to date') {
    process.stdout.write(
      `${args.out} already holds this dataset (${result.info.parcels.toLocaleString('en-US')} parcels, ` +
        `${result.info.cantons.join(', ')}): nothing to do (--force rebuilds it)\n`,
    );
    return;
  }
  if (result.outcome === 'stopped') {
    process.stdout.write(
      `Stopped after ${result.done}/${result.total} municipalities; run the same command to continue.\n`,
    );
    return;
  }
  const { info } = result;
  const size = fs.statSync(args.out).size / 1024 / 1024;
  const perParcel = (seconds: number) => `${((seconds * 1e6) / info.parcels).toFixed(1)} µs/parcel`;
  process.stdout.write(
    `Done: ${info.parcels.toLocaleString('en-US')} parcels, ${info.buildings.toLocaleString('en-US')} buildings ` +
      `in ${(result.generateSeconds + result.finishSeconds).toFixed(1)} s on ${args.workers || 'no'} worker thread(s)` +
      `${result.resumedAt ? ` (resumed after ${result.resumedAt} municipalities)` : ''} → ${args.out} (${size.toFixed(0)} MB)\n` +
      `  generating and writing ${result.generateSeconds.toFixed(1)} s (${perParcel(result.generateSeconds)}), ` +
      `of which writing on the main thread ${result.writeSeconds.toFixed(1)} s (${perParcel(result.writeSeconds)}); ` +
      `indexes and finishing ${result.finishSeconds.toFixed(1)} s\n`,
  );
  if (result.cpu) process.stdout.write(cpuProfile(result.cpu, info.parcels));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
