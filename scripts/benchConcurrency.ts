/**
 * `npm run bench -- --postgres --concurrency 50 [--cantons ZG]`: one server process on the
 * SQLite default and one on PostgreSQL, each under N concurrent clients mixing searches, parcel details
 * and uncached (searched) tiles. Prints requests/s, p50/p95, errors and `/healthz` p50 meanwhile (target
 * ≤ 10 ms), with the load average. PostgreSQL: DATABASE_URL when set, else a throwaway cluster.
 *
 * `npm run bench -- --concurrency 50 [--cantons ZG]`: three profiles on one SQLite server process
 * (SEARCH_WORKERS from this environment), N clients each: free-text searches, parcel details, and a "map
 * session" mixing searches, details and searched tiles. One row per profile with the load average.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tileAt } from '../server/geo/projection';
import { createSqliteStores } from '../server/store/sqlite/createSqliteStores';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { openPostgresRepositories } from '../server/store/postgres/createPostgresStores';
import { connectPostgres } from '../server/store/postgres/PostgresConnection';
import { startPostgresCluster } from '../test/server/helpers/postgresCluster';
import { createRng } from '../server/data/random';
import { loadAverage, percentiles } from './benchFigures';
import { freePort, postgresDataset, sqliteDataset } from './benchPostgres';
import { seedMapUserTokenIn, startServerProcess, stopProcess } from './serverProcess';
import { loadStorageConfig } from '../server/config';

const JWT_SECRET = 'bench-concurrency-secret-0123456789abcdef';
const WARM_UP_SECONDS = 3;
const SECONDS = 20;

interface Place {
  name: string;
  canton: string;
  lon: number;
  lat: number;
}

interface Mix {
  places: Place[];
  /** Street names with their municipality's place (where a searched tile of the street is asked for). */
  streets: (Place & { street: string })[];
  prcIds: string[];
}

/** Requests each profile's seeded order has: enough that no short cycle repeats within a second. */
const REQUESTS = 3000;

/**
 * What users type, drawn in a seeded order: prefixes (3 letters up to the whole word) of the places' names
 * and of street names' first words, on page 1 mostly, sometimes 2 or 3. Popular places come up more often,
 * as they do for real users, but hundreds of queries are distinct, so a cache cannot measure itself.
 */
function searchDraws({ places, streets }: Mix, seed: number): { word: string; page: number; at: Place }[] {
  const rng = createRng(seed);
  return Array.from({ length: REQUESTS }, () => {
    // Places by popularity (the first ones, the biggest, most often); streets uniformly.
    const { whole, at } = rng.chance(0.4)
      ? ((at) => ({ whole: at.name, at }))(places[Math.floor(places.length * rng.next() ** 2)])
      : ((at) => ({ whole: at.street.split(/[\s-]+/)[0], at }))(rng.pick(streets));
    const word = whole.slice(0, rng.int(Math.min(3, whole.length), Math.max(3, Math.min(whole.length, 10))));
    const page = rng.weighted([
      [1, 7],
      [2, 2],
      [3, 1],
    ] as const);
    return { word, page, at };
  });
}

const searchPath = (word: string, page: number) =>
  `/v1/secure/maps/search?searchQuery=${encodeURIComponent(word)}${page > 1 ? `&page=${page}` : ''}`;

/** The request paths, one kind after another: a search, a parcel's details, a searched (uncached) tile. */
function requestPaths(mix: Mix): string[] {
  const draws = searchDraws(mix, 33);
  const rng = createRng(34);
  return draws.map(({ word, page, at }, i) => {
    if (i % 3 === 0) return searchPath(word, page);
    if (i % 3 === 1) return `/v1/secure/maps/prcid/${rng.pick(mix.prcIds)}/objects`;
    const z = rng.int(14, 16);
    const { x, y } = tileAt(at.lon, at.lat, z);
    return `/v1/secure/maps/tile?x=${x + rng.int(-2, 2)}&y=${y + rng.int(-1, 1)}&z=${z}&CANTON=${at.canton}&searchQuery=${encodeURIComponent(word)}`;
  });
}

/** Parcel details only: the objects of 400 parcels in turn. */
function detailPaths({ prcIds }: Mix): string[] {
  return prcIds.map((prcId) => `/v1/secure/maps/prcid/${prcId}/objects`);
}

/** The 'free-text searches' profile: the seeded draws of prefixes and pages. */
function searchPaths(mix: Mix): string[] {
  return searchDraws(mix, 44).map(({ word, page }) => searchPath(word, page));
}

/** How many of the paths are searches, and how many of those are distinct (with their page). */
function distinctSearches(paths: string[]): string {
  const searches = paths.filter((p) => p.startsWith('/v1/secure/maps/search?'));
  return searches.length === 0 ? '' : `${new Set(searches).size} distinct of ${searches.length} searches`;
}

/** `connections` loops asking for `paths` in turn for `seconds`: requests/s, latencies, errors. */
async function load(
  origin: string,
  paths: string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const url = origin + paths[next++ % paths.length];
      const start = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status >= 400) errors++;
        else latencies.push(performance.now() - start);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: latencies.length / elapsed,
    requests: latencies.length + errors,
    ...percentiles(latencies),
    errors,
  };
}

/** Clock ticks a second of Linux's /proc CPU times (USER_HZ, 100 on every Linux build we run). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) a server process has used so far: its main thread, which runs the event
 * loop, and the whole process with its worker threads (Linux /proc; null where there is none). On a busy
 * machine the latencies wait for a core; these are the work itself.
 */
function serverCpu(pid: number | undefined): { eventLoop: number; process: number } | null {
  if (pid === undefined) return null;
  const ticks = (file: string) => {
    // The fields after the command's closing parenthesis start at the third (state); utime, stime are 14, 15.
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    return {
      eventLoop: (ticks(`/proc/${pid}/task/${pid}/stat`) * 1000) / TICKS_PER_SECOND,
      process: (ticks(`/proc/${pid}/stat`) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** /healthz every 20 ms while `during` runs: its p50 and p95 in ms. */
async function healthzDuring(
  origin: string,
  during: Promise<unknown>,
): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  let running = true;
  void during.finally(() => (running = false));
  while (running) {
    const start = performance.now();
    await (await fetch(`${origin}/healthz`)).arrayBuffer();
    samples.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return percentiles(samples);
}

interface Figures {
  adapter: string;
  profile: string;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  healthz: { p50: number; p95: number };
  /** CPU milliseconds per answered request while measured: the event loop's, and the process's. */
  cpuPerRequest: { eventLoop: number; process: number } | null;
  distinct: string;
  loadAverage: string;
}

interface Profile {
  name: string;
  paths: string[];
}

/** One server process with `env`, each profile in turn: warm-up, then SECONDS measured with /healthz probed. */
async function measure(
  adapter: string,
  env: Record<string, string>,
  token: string,
  profiles: Profile[],
  connections: number,
): Promise<Figures[]> {
  const { child, origin } = await startServerProcess(await freePort(), {
    JWT_SECRET,
    LOG_LEVEL: 'error',
    ...env,
  });
  try {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const rows: Figures[] = [];
    for (const { name, paths } of profiles) {
      await load(origin, paths, headers, connections, WARM_UP_SECONDS);
      const cpuBefore = serverCpu(child.pid);
      const running = load(origin, paths, headers, connections, SECONDS);
      const healthz = await healthzDuring(origin, running);
      const { requests, ...figures } = await running;
      const cpuAfter = serverCpu(child.pid);
      const cpuPerRequest =
        cpuBefore && cpuAfter && requests > 0
          ? {
              eventLoop: (cpuAfter.eventLoop - cpuBefore.eventLoop) / requests,
              process: (cpuAfter.process - cpuBefore.process) / requests,
            }
          : null;
      rows.push({
        adapter,
        profile: name,
        ...figures,
        healthz,
        cpuPerRequest,
        distinct: distinctSearches(paths),
        loadAverage: loadAverage(),
      });
    }
    return rows;
  } finally {
    await stopProcess(child);
  }
}

function print(connections: number, title: string, rows: Figures[]): void {
  console.log(
    `\n${connections} concurrent clients, ${SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, one instance (${title}):`,
  );
  console.log(
    '| adapter | profile | requests/s | p50 | p95 | errors | /healthz p50 (p95) | CPU a request: event loop, process | queries | load average (1, 5, 15 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const cpu = row.cpuPerRequest
      ? `${row.cpuPerRequest.eventLoop.toFixed(2)} ms, ${row.cpuPerRequest.process.toFixed(2)} ms`
      : 'n/a';
    console.log(
      `| ${row.adapter} | ${row.profile} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ` +
        `${row.errors} | ${row.healthz.p50.toFixed(1)} ms (${row.healthz.p95.toFixed(1)} ms; target p50 ≤ 10 ms) | ${cpu} | ${row.distinct || '–'} | ${row.loadAverage} |`,
    );
  }
}

/** The places and parcels the profiles ask for, from the SQLite dataset (built on first use). */
function readMix(sqliteFile: string, cantons: string[]): Mix {
  const sqlite = sqliteDataset(sqliteFile, cantons);
  try {
    // Streets in a seeded order (hashed ids), so the sample is the same on every run of one dataset.
    return {
      places: sqlite
        .prepare(
          'SELECT name, canton, lon, lat FROM municipalities WHERE parcel_count > 0 ORDER BY parcel_count DESC LIMIT 40',
        )
        .all() as Mix['places'],
      streets: sqlite
        .prepare(
          `SELECT s.name AS street, m.name, m.canton, m.lon, m.lat FROM streets s
           JOIN municipalities m ON m.bfs = s.mun_bfs WHERE m.parcel_count > 0
           ORDER BY (s.id * 2654435761) % 4294967296 LIMIT 300`,
        )
        .all() as Mix['streets'],
      prcIds: sqlite.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT 400').pluck().all() as string[],
    };
  } finally {
    sqlite.close();
  }
}

/** A server process on a hard link of the SQLite dataset in a DATA_DIR of its own, under the profile. */
async function measureSqlite(
  sqliteFile: string,
  cantons: string[],
  profiles: Profile[],
  connections: number,
): Promise<Figures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-bench-concurrency-'));
  fs.linkSync(sqliteFile, path.join(dataDir, 'parcel-atlas.sqlite'));
  try {
    const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
    const token = await seedMapUserTokenIn(createSqliteStores(db), JWT_SECRET, 'bench@example.ch');
    db.close();
    const env = {
      DATA_DIR: dataDir,
      DATASET_CANTONS: cantons.join(','),
      PAYMENT_PROVIDER: 'none',
      // The DATABASE_URL this bench may be given is the PostgreSQL server's, not this one's.
      DATABASE_URL: '',
    };
    return await measure('SQLite', env, token, profiles, connections);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** N clients at once on the SQLite default, per profile (searches, details, a map session). */
export async function profilesConcurrencyBenchmark(
  cantons: string[],
  sqliteFile: string,
  connections: number,
): Promise<void> {
  const mix = readMix(sqliteFile, cantons);
  const profiles = [
    { name: 'free-text searches', paths: searchPaths(mix) },
    { name: 'parcel details', paths: detailPaths(mix) },
    { name: 'map session (searches, details, searched tiles)', paths: requestPaths(mix) },
  ];
  const rows = await measureSqlite(sqliteFile, cantons, profiles, connections);
  const workers = process.env.SEARCH_WORKERS ?? 'default';
  print(connections, `SEARCH_WORKERS=${workers}, ${os.availableParallelism()} cores`, rows);
}

export async function concurrencyBenchmark(
  cantons: string[],
  sqliteFile: string,
  connections: number,
): Promise<void> {
  const profiles = [{ name: 'map session', paths: requestPaths(readMix(sqliteFile, cantons)) }];
  const rows = await measureSqlite(sqliteFile, cantons, profiles, connections);

  let cluster: ReturnType<typeof startPostgresCluster> | null = null;
  let url = loadStorageConfig().databaseUrl;
  if (!url) {
    cluster = startPostgresCluster(await freePort());
    const admin = await connectPostgres(cluster.url('postgres'));
    await admin.exec('CREATE DATABASE bench');
    await admin.close();
    url = cluster.url('bench');
  }
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-bench-concurrency-pg-'));
  try {
    await (await postgresDataset(url, cantons)).close();
    const stores = await openPostgresRepositories(url);
    const token = await seedMapUserTokenIn(stores, JWT_SECRET, 'bench@example.ch');
    await stores.close();
    const env = {
      DATA_DIR: emptyDir,
      DATABASE_URL: url,
      DATASET_CANTONS: cantons.join(','),
      PAYMENT_PROVIDER: 'none',
    };
    rows.push(...(await measure('PostgreSQL', env, token, profiles, connections)));
  } finally {
    fs.rmSync(emptyDir, { recursive: true, force: true });
    cluster?.stop();
  }
  print(connections, 'searches, parcel details, searched tiles mixed', rows);
}
