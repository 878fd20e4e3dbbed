/**
 * The HTTP part of `npm run bench`: the real server (worker threads, tile cache,
 * compression) under 50 concurrent connections, beside a bare Node server sending the same precomputed tile
 * blobs from a process of its own. The two are measured in alternating pairs (PAIRS × SECONDS each side,
 * after a warm-up), and the medians are printed with their spread: requests per second of both and their
 * ratio (target ≥ 0.6), the errors (target 0), and /healthz p50 while searched tiles are served (target
 * ≤ 10 ms), each with the load average. The dataset file is the bench's, linked into a throwaway DATA_DIR;
 * the bench has closed its own connection before this runs. Every child process is stopped on the way out,
 * whatever fails.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { tileAt } from '../server/geo/projection';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { loadAverage } from './benchFigures';
import { sqliteStorage } from '../server/store/sqlite/openStorage';
import { seedMapUserToken, startServerProcess, stopProcess } from './serverProcess';
import { measureFirstLoad } from './measure-first-load';

const CONNECTIONS = 50;
const SECONDS = 20;
const PAIRS = 3;
const WARM_UP_SECONDS = 3;
const JWT_SECRET = 'bench-load-secret-0123456789abcdefghijkl';
const FIRST_LOAD_PASSWORD = 'Bench#2026firstLoad';

/** A command that must succeed (the web app build, the users CLI); `allowed` output is fine too. */
function run(args: string[], env: Record<string, string> = {}, allowed?: RegExp): void {
  const result = spawnSync(process.execPath, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0 && !allowed?.test(output)) throw new Error(`${args.join(' ')} failed: ${output}`);
}

interface Place {
  lon: number;
  lat: number;
  canton: string;
  name: string;
}

/** z14–z16 tiles in a `side` × `side` block around each place, one list per place. */
function tilePathsByPlace(places: Place[], route: string, query: (p: Place) => string, side = 3): string[][] {
  const half = Math.floor(side / 2);
  return places.map((place) => {
    const paths: string[] = [];
    for (const z of [14, 15, 16]) {
      const { x, y } = tileAt(place.lon, place.lat, z);
      for (let dx = -half; dx <= half; dx++)
        for (let dy = -half; dy <= half; dy++)
          paths.push(`/v1/secure/maps/${route}?x=${x + dx}&y=${y + dy}&z=${z}${query(place)}`);
    }
    return paths;
  });
}

/** z14–z16 tiles in a 3×3 block around each place, place after place. */
const tilePaths = (places: Place[], route: string, query: (p: Place) => string): string[] =>
  tilePathsByPlace(places, route, query).flat();

/** Searched-tile paths of a `side` × `side` block, mixed place by place: every window of the load sees every place. */
function blockPaths(places: Place[], side: number, query: (p: Place) => string): string[] {
  const byPlace = tilePathsByPlace(places, 'tile', query, side);
  return byPlace[0].flatMap((_, k) => byPlace.map((ofPlace) => ofPlace[k]));
}

/**
 * CONNECTIONS loops asking for `paths` for `seconds`; requests/s and errors. Round-robin, or with `once` each
 * path at most once (tiles that must not come from the cache), ending early when the paths run out.
 */
async function load(
  origin: string,
  paths: string[],
  headers: Record<string, string>,
  seconds = SECONDS,
  once = false,
) {
  let done = 0;
  let errors = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until && !(once && next >= paths.length)) {
      const url = origin + paths[next++ % paths.length];
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status >= 400) errors++;
        else done++;
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return { perSecond: done / ((performance.now() - started) / 1000), errors };
}

/** /healthz every 20 ms while `during` runs; the p50 in ms. */
async function healthzDuring(origin: string, during: Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  let running = true;
  void during.finally(() => (running = false));
  while (running) {
    const start = performance.now();
    await (await fetch(`${origin}/healthz`)).arrayBuffer();
    samples.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? NaN;
}

/** The bare blob server (scripts/benchBlobServer.mjs) in its own process, serving `blobs` by path. */
async function startBlobServer(blobs: Map<string, Buffer>, dataDir: string) {
  const file = path.join(dataDir, 'blobs.json');
  fs.writeFileSync(
    file,
    JSON.stringify(Object.fromEntries([...blobs].map(([p, b]) => [p, b.toString('base64')]))),
  );
  const child = spawn(process.execPath, ['scripts/benchBlobServer.mjs', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [firstLine] = await readline
    .createInterface({ input: child.stdout! })
    [Symbol.asyncIterator]()
    .next()
    .then(({ value }) => [String(value ?? '')]);
  if (!/^\d+$/.test(firstLine)) throw new Error(`The blob server did not start: ${firstLine}`);
  return { child, origin: `http://127.0.0.1:${firstLine}` };
}

/** Median and spread of several runs' figures, as "median (min–max)". */
function medianWithSpread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${median.toFixed(digits)} (${sorted[0].toFixed(digits)}–${sorted[sorted.length - 1].toFixed(digits)})`;
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const FIRST_MINUTE_SECONDS = 10;

/**
 * Right after the start (the search index not built yet, no tile cached): searched tiles against unsearched
 * tiles rendered for the first time, on the same blocks around the places, in two alternating pairs of
 * FIRST_MINUTE_SECONDS each side, all within the first minute. An unsearched tile is cached once rendered, so
 * each pair's unsearched side asks for tiles nobody has asked for yet (the block's other half).
 */
async function searchedAgainstUncached(origin: string, places: Place[], headers: Record<string, string>) {
  const unsearched = blockPaths(places, 13, () => '');
  const halves = [unsearched.filter((_, i) => i % 2 === 0), unsearched.filter((_, i) => i % 2 === 1)];
  const searched = blockPaths(places, 13, (p) => `&CANTON=${p.canton}&PRC_IND=Standard`).flatMap(
    (path, i) => [
      path,
      path.replace(
        /&CANTON=.*$/,
        `&searchQuery=${encodeURIComponent(places[i % places.length].name.slice(0, 3))}`,
      ),
    ],
  );
  const started = performance.now();
  const ratios: number[] = [];
  for (const half of halves) {
    const fresh = await load(origin, half, headers, FIRST_MINUTE_SECONDS, true);
    const filtered = await load(origin, searched, headers, FIRST_MINUTE_SECONDS);
    ratios.push(filtered.perSecond / fresh.perSecond);
    console.log(
      `  first minute: unsearched uncached ${fresh.perSecond.toFixed(0)} req/s (${fresh.errors} errors), searched ` +
        `${filtered.perSecond.toFixed(0)} req/s (${filtered.errors} errors) → ×${ratios.at(-1)!.toFixed(2)}   ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s after the start   load average ${loadAverage()}`,
    );
  }
  console.log(
    `searched ÷ unsearched uncached tiles in the first minute after a start, ${CONNECTIONS} connections: ` +
      `×${Math.min(...ratios).toFixed(2)}–×${Math.max(...ratios).toFixed(2)} (target ≥ 0.5)   load average ${loadAverage()}`,
  );
}

/**
 * The real server on a throwaway DATA_DIR that links the dataset file, with a map user's token in `headers`;
 * `prepare` runs on the data directory before the start. Every child process is stopped on the way out.
 */
async function withBenchServer(
  datasetFile: string,
  cantons: string[],
  prepare: (dataDir: string) => void,
  work: (server: BenchServer) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-bench-load-'));
  fs.linkSync(datasetFile, path.join(dataDir, 'parcel-atlas.sqlite'));
  const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
  const token = await seedMapUserToken(sqliteStorage(db), JWT_SECRET, 'bench@example.ch');
  // The tile cache lives in the dataset file: emptied, so "uncached" tiles are rendered and a cache figure is
  // this run's.
  db.prepare('DELETE FROM tile_cache').run();
  db.close();
  prepare(dataDir);
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const port = 20000 + Math.floor(Math.random() * 20000);
  const children: ChildProcess[] = [];
  // An unhandled failure would end this process before `finally`: the children go with it all the same.
  const killChildren = () => children.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killChildren);
  try {
    const { child: server, origin } = await startServerProcess(port, {
      DATA_DIR: dataDir,
      JWT_SECRET,
      DATASET_CANTONS: cantons.join(','),
      LOG_LEVEL: 'error',
      PAYMENT_PROVIDER: 'none',
    });
    children.push(server);
    await work({ origin, headers, dataDir, children });
  } finally {
    await Promise.all(children.map(stopProcess));
    process.off('exit', killChildren);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface BenchServer {
  origin: string;
  headers: Record<string, string>;
  dataDir: string;
  /** Processes to stop with the server (the blob server). */
  children: ChildProcess[];
}

/** `npm run bench -- --first-minute-tiles`: only the first-minute comparison of searched and uncached tiles. */
export async function firstMinuteTilesBenchmark(
  datasetFile: string,
  cantons: string[],
  places: Place[],
): Promise<void> {
  await withBenchServer(
    datasetFile,
    cantons,
    () => {},
    ({ origin, headers }) => searchedAgainstUncached(origin, places, headers),
  );
}

export async function loadBenchmark(datasetFile: string, cantons: string[], places: Place[]): Promise<void> {
  const mapUser = { username: 'first-load@example.ch', password: FIRST_LOAD_PASSWORD };
  const prepare = (dataDir: string) => {
    // The first-load figures need the web app the server serves: built now when dist/ is missing or stale.
    run(['scripts/ensureBuild.mjs']);
    // The bench dataset is linked, not copied: the account stays from an earlier run.
    run(
      ['--import', 'tsx', 'scripts/users.ts', 'create', mapUser.username, '--password', mapUser.password],
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      /already exists/,
    );
  };
  await withBenchServer(datasetFile, cantons, prepare, async ({ origin, headers, dataDir, children }) => {
    await searchedAgainstUncached(origin, places, headers);
    const around = tilePaths(places, 'all-around', () => '');
    // Warm pass: the tile cache fills, and the bare server gets exactly the bytes the app sends.
    const blobs = new Map<string, Buffer>();
    for (const tilePath of around) {
      // Node's fetch would decompress the body: read the raw gzip bytes with http.get instead.
      const { status, body } = await rawGet(origin + tilePath, headers);
      if (status === 200) blobs.set(tilePath, body);
    }
    const bare = await startBlobServer(blobs, dataDir);
    children.push(bare.child);
    // Each server first gets three seconds of the same load (the app reaches its steady rate after ~3 s of
    // JIT warm-up at 50 connections); then app and bare server take turns, PAIRS times.
    await load(origin, around, headers, WARM_UP_SECONDS);
    await load(bare.origin, around, headers, WARM_UP_SECONDS);
    const pairs: { app: number; bare: number; errors: number; load: string }[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const app = await load(origin, around, headers);
      const ceiling = await load(bare.origin, around, headers);
      pairs.push({ app: app.perSecond, bare: ceiling.perSecond, errors: app.errors, load: loadAverage() });
      console.log(
        `  pair ${pair + 1}: app ${app.perSecond.toFixed(0)} req/s (${app.errors} errors), bare ${ceiling.perSecond.toFixed(0)} ` +
          `req/s → ×${(app.perSecond / ceiling.perSecond).toFixed(2)}   load average ${loadAverage()}`,
      );
    }
    await stopProcess(bare.child);
    console.log(
      `tiles over HTTP, ${CONNECTIONS} connections, ${PAIRS} alternating pairs of ${SECONDS} s, median (min–max): ` +
        `app ${medianWithSpread(pairs.map((p) => p.app))} req/s (${pairs.reduce((n, p) => n + p.errors, 0)} errors), ` +
        `bare server ${medianWithSpread(pairs.map((p) => p.bare))} req/s → ×${medianWithSpread(
          pairs.map((p) => p.app / p.bare),
          2,
        )} (target ≥ 0.6)   load average ${loadAverage()}`,
    );

    const searched = tilePaths(places, 'tile', (p) => `&CANTON=${p.canton}&PRC_IND=Standard`).concat(
      tilePaths(places, 'tile', (p) => `&searchQuery=${encodeURIComponent(p.name.slice(0, 3))}`),
    );
    const idle = await healthzDuring(origin, new Promise((resolve) => setTimeout(resolve, 1000)));
    const searchedLoad = load(origin, searched, headers);
    const busy = await healthzDuring(origin, searchedLoad);
    const { perSecond, errors } = await searchedLoad;
    console.log(
      `searched tiles under load, ${SECONDS} s: ${perSecond.toFixed(0)} req/s (${errors} errors); /healthz p50 ` +
        `${busy.toFixed(1)} ms meanwhile (idle ${idle.toFixed(1)} ms; target ≤ 10 ms)   load average ${loadAverage()}`,
    );
    await measureFirstLoad(origin, mapUser);
  });
}
