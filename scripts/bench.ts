/**
 * Storage benchmark: builds (or reuses) a dataset and prints build time, size, and p50/p95 of simple
 * search, advanced search with aggregation, parcel with objects, and z14/z15 city-centre tiles.
 *   npm run bench                       default cantons (ZG,LU,GE,TI) → DATA_DIR/bench-default.sqlite
 *   npm run bench -- --all              whole country → DATA_DIR/bench-all.sqlite (minutes)
 *   npm run bench -- --cantons ZG --db FILE
 *   npm run bench -- --postgres [--cantons ZG]   SQLite and PostgreSQL side by side, ST_AsMVT vs our encoder
 *   npm run bench -- --concurrency 50   50 clients at once over HTTP (SQLite): searches, details, a map session
 *   npm run bench -- --cantons ZG --untimed-statements   without the SQLite statement timings the server
 *     records for /metrics (on by default, as served), to see what they cost
 *   npm run bench -- --all --db FILE --only search   the search figures alone (seconds, not minutes), with
 *     the costliest searches of each kind
 * Calls the repository and tile service directly (no HTTP), on one connection, like one server worker.
 */
import { reportBenchmark } from './benchReports';
import { createAppMetrics } from '../server/operations/AppMetrics';
import { observeStatements } from '../server/store/sqlite/statementTimings/timedStatements';
import { postgresBenchmark } from './benchPostgres';
import { concurrencyBenchmark, profilesConcurrencyBenchmark } from './benchConcurrency';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { line, lineWithCpu, loadAverage, percentiles, time, timeWithCpu } from './benchFigures';
import { searchBenchmark } from './benchSearch';
import { benchDatasetArgs, openBenchDataset } from './benchDataset';
import { tileAt } from '../server/geo/projection';
import { createSqliteParcelRepository } from '../server/store/sqlite/parcels/createSqliteParcelRepository';
import { createTileService, renderTile, type TileKind } from '../server/services/tiles/TileService';
import { createInProcessTileRenderer } from '../server/services/tiles/TileRenderer';
import { createTileCache } from '../server/services/tiles/TileCache';
import { type TileBlobStore } from '../server/store/contract/tiles/TileBlobStore';
import { createSqliteTileBlobStore } from '../server/store/sqlite/tiles/createSqliteTileBlobStore';
import { firstMinuteTilesBenchmark, loadBenchmark } from './benchLoad';
import { createRng } from '../server/data/random';
import type { ParcelQuery } from '../server/store/contract/parcels/ParcelQuery';
import type { ParcelSearchResult } from '../server/store/contract/parcels/ParcelRepository';
import { toSearchResponse } from '../server/services/search/searchResponse';
import { createLayerTileService } from '../server/services/layers/LayerTileService';
import { type LayerRepository } from '../server/store/contract/layers/LayerRepository';
import { createSqliteLayerRepository } from '../server/store/sqlite/layers/createSqliteLayerRepository';
import { withoutUnits } from '../server/store/sqlite/unitOfWork/serialiseUnits';
import type { ParcelRepository } from '../server/store/contract/parcels/ParcelRepository';
import { DATA_LAYER_MIN_ZOOM, type DataLayerId } from '../src/contract/MapLayers';

function args() {
  const { cantons, file, extra } = benchDatasetArgs(process.argv.slice(2), {
    flags: ['postgres', 'untimed-statements', 'first-minute-tiles'],
    valued: ['concurrency', 'only'],
  });
  if (extra.only !== undefined && extra.only !== 'search') throw new Error('--only takes "search"');
  const concurrency = extra.concurrency === undefined ? null : Number(extra.concurrency);
  if (concurrency !== null && !(Number.isInteger(concurrency) && concurrency > 0))
    throw new Error('--concurrency needs a number of clients');
  return {
    cantons,
    postgres: extra.postgres === true,
    concurrency,
    file,
    timedStatements: extra['untimed-statements'] !== true,
    firstMinuteTiles: extra['first-minute-tiles'] === true,
    searchOnly: extra.only === 'search',
  };
}

async function main(): Promise<void> {
  const { cantons, file, postgres, concurrency, timedStatements, firstMinuteTiles, searchOnly } = args();
  if (postgres && concurrency !== null) {
    await concurrencyBenchmark(cantons, file, concurrency);
    return;
  }
  if (concurrency !== null) {
    await profilesConcurrencyBenchmark(cantons, file, concurrency);
    return;
  }
  if (postgres) {
    await postgresBenchmark(cantons, file);
    return;
  }
  const db = openBenchDataset(file, cantons);
  // Every statement timed into the metrics, as the server does (--untimed-statements: not, to compare).
  if (timedStatements) {
    const metrics = createAppMetrics();
    observeStatements(db, (statement) => metrics.statementTimer('sqlite', statement));
  }
  console.log(`SQLite statement timings: ${timedStatements ? 'on, as served' : 'off'}`);
  console.log(`load average ${loadAverage()} at the start`);

  // The repositories' own figures come from their synchronous SQLite form; services get the port.
  const repo = createSqliteParcelRepository(db);
  const parcels = withoutUnits<ParcelRepository>(repo);
  const tileBlobs = withoutUnits<TileBlobStore>(createSqliteTileBlobStore(db));
  const tiles = createTileService(
    parcels,
    createTileCache(tileBlobs),
    createInProcessTileRenderer((request) => renderTile(parcels, request)),
  );
  const rng = createRng(42);
  const munis = db
    .prepare('SELECT name, canton, lon, lat, parcel_count FROM municipalities ORDER BY parcel_count DESC')
    .all() as {
    name: string;
    canton: string;
    lon: number;
    lat: number;
    parcel_count: number;
  }[];
  if (firstMinuteTiles) {
    db.close();
    await firstMinuteTilesBenchmark(file, cantons, munis.slice(0, 8));
    return;
  }
  const sample = db.prepare('SELECT prc_id, street, house_no FROM parcels WHERE id = ?');
  const maxId = db.prepare('SELECT max(id) FROM parcels').pluck().get() as number;
  const randomParcel = () =>
    sample.get(rng.int(1, maxId)) as
      { prc_id: string; street: string | null; house_no: string | null } | undefined;
  const paging = { page: 1, size: 12 };

  // The first search loads the in-memory filter columns (the server does this at start).
  const warm = performance.now();
  repo.search({ text: munis[0].name, excludeRoads: false }, paging);
  console.log(`search index load (once, at server start)     ${(performance.now() - warm).toFixed(0)} ms`);

  const simpleQueries: ParcelQuery[] = [];
  for (let i = 0; i < 300; i++) {
    const p = randomParcel();
    const kind = i % 3;
    if (kind === 0) simpleQueries.push({ text: rng.pick(munis).name.slice(0, 5), excludeRoads: false });
    else if (kind === 1 && p?.street)
      simpleQueries.push({ text: `${p.street.slice(0, 7)} ${p.house_no ?? ''}`.trim(), excludeRoads: false });
    else simpleQueries.push({ text: p?.prc_id ?? 'CH000000000000', excludeRoads: false });
  }
  line(
    'simple search (text, 12 hits + buckets)',
    await time(simpleQueries.length, (i) => () => repo.search(simpleQueries[i], paging)),
  );
  searchReplyBytes(simpleQueries.slice(0, 60).map((query) => repo.search(query, paging)));

  const advanced = (i: number): ParcelQuery => {
    const m = munis[i % Math.min(munis.length, 40)];
    return [
      { canton: m.canton, excludeRoads: true, objects: 'With' as const },
      { canton: m.canton, locnames: [m.name], surface: { from: 500, to: 2000 }, excludeRoads: true },
      { canton: m.canton, radon: { from: 0, to: 9 }, typ: 'Eigentum' as const, excludeRoads: true },
    ][i % 3];
  };
  line(
    'advanced search with aggregation',
    await time(300, (i) => () => repo.search(advanced(i), { page: 1 + (i % 5), size: 12 })),
  );

  // The site-sourcing question: every parcel with at least so much building reserve, in a canton or the
  // whole dataset, sorted by reserve or not (the first call per sort builds its sorted order, once).
  const reserveQuery = (i: number): ParcelQuery => {
    const m = munis[i % Math.min(munis.length, 40)];
    const reserve = { from: [200, 400, 1000][i % 3], to: 99999999999 };
    return [
      { reserve, excludeRoads: true },
      { canton: m.canton, reserve, excludeRoads: true },
      { reserve, utilisation: { from: 0.5, to: 3 }, sort: 'reserve' as const, excludeRoads: true },
      { canton: m.canton, reserve, sort: 'reserve' as const, excludeRoads: true },
    ][i % 4];
  };
  repo.search({ reserve: { from: 1, to: 99999999999 }, sort: 'reserve' }, paging);
  const reserveTimes = await timeWithCpu(
    300,
    (i) => () => repo.search(reserveQuery(i), { page: 1 + (i % 5), size: 12 }),
  );
  lineWithCpu('advanced search, reserve filter (and sort)', reserveTimes);
  // Each of the four shapes apart: which one decides the p95.
  const shapes = ['whole dataset', 'a canton', 'utilisation too, sorted', 'a canton, sorted'];
  shapes.forEach((shape, k) => {
    const of = (samples: number[]) => samples.filter((_, i) => i % 4 === k);
    lineWithCpu(`  reserve: ${shape}`, { wall: of(reserveTimes.wall), cpu: of(reserveTimes.cpu) });
  });

  await searchBenchmark(db, repo, munis, rng, searchOnly);
  console.log(`load average ${loadAverage()} after the searches`);
  if (searchOnly) {
    db.close();
    return;
  }

  const ids = Array.from({ length: 1000 }, () => randomParcel()?.prc_id ?? '');
  line('parcel with objects', await time(ids.length, (i) => () => repo.parcel(ids[i])));
  await reportBenchmark(db, parcels, ids.slice(0, 200));

  for (const [z, kind] of [
    [14, 'around'],
    [14, 'parcels'],
    [15, 'around'],
    [15, 'objects'],
  ] as [number, TileKind][]) {
    const centres = munis.slice(0, 8);
    // One untimed pass first: the database pages of these tiles come into the OS cache, as on a server.
    for (const m of centres) {
      const { x, y } = tileAt(m.lon, m.lat, z);
      await tiles.render(kind, z, x, y, null);
    }
    let bytes = 0;
    const samples = await time(centres.length * 10, (i) => {
      const m = centres[i % centres.length];
      const { x, y } = tileAt(m.lon, m.lat, z);
      return async () => {
        const tile = await tiles.render(kind, z, x, y, kind === 'parcels' ? { excludeRoads: true } : null);
        bytes += tile?.byteLength ?? 0;
      };
    });
    line(
      // The building-reserve layer draws the 'around' tiles (RESERVE is one of their attributes).
      `z${z} city-centre tile (${kind === 'around' ? 'around = building-reserve layer' : kind})`,
      samples,
      `  avg ${(bytes / samples.length / 1024).toFixed(0)} KB`,
    );
  }
  await filteredTiles(munis, tiles);
  await cachedTiles(munis, tiles, tileBlobs, repo.datasetVersion());
  await layerTiles(
    munis,
    createLayerTileService(
      withoutUnits<LayerRepository>(createSqliteLayerRepository(db)),
      parcels,
      createTileCache(tileBlobs),
    ),
  );
  db.close();
  await loadBenchmark(file, cantons, munis.slice(0, 8));
}

type Municipality = { name: string; canton: string; lon: number; lat: number };

/**
 * The thematic layers' tiles at z12 (areas, simplified) and z14 (areas and points), rendered
 * without the tile cache at the centres of the biggest towns (target p95 ≤ 15 ms at z14).
 */
async function layerTiles(munis: Municipality[], layers: ReturnType<typeof createLayerTileService>) {
  const centres = munis.slice(0, 8);
  for (const z of [12, 14]) {
    const all: number[] = [];
    let worst = { id: '', p95: 0 };
    for (const id of Object.keys(DATA_LAYER_MIN_ZOOM) as DataLayerId[]) {
      if (DATA_LAYER_MIN_ZOOM[id] > z) continue;
      const at = (i: number) => tileAt(centres[i % centres.length].lon, centres[i % centres.length].lat, z);
      for (let i = 0; i < centres.length; i++) await layers.render(id, z, at(i).x, at(i).y);
      let bytes = 0;
      const samples = await time(centres.length * 5, (i) => async () => {
        bytes += (await layers.render(id, z, at(i).x, at(i).y))?.byteLength ?? 0;
      });
      all.push(...samples);
      const { p95 } = percentiles(samples);
      if (p95 > worst.p95) worst = { id, p95 };
      line(`  z${z} layer tile (${id})`, samples, `  avg ${(bytes / samples.length / 1024).toFixed(0)} KB`);
    }
    line(`z${z} layer tiles, all data layers`, all, `  slowest p95: ${worst.id}`);
  }
}

/** A searched tile costs what the tile costs (target ≤ 2× the unfiltered tile of the same place). */
async function filteredTiles(munis: Municipality[], tiles: ReturnType<typeof createTileService>) {
  const centres = munis.slice(0, 8);
  const filters: [string, (m: Municipality) => ParcelQuery][] = [
    ['canton', (m) => ({ canton: m.canton, excludeRoads: true })],
    ['municipality', (m) => ({ locnames: [m.name], excludeRoads: true })],
    ['text', (m) => ({ text: m.name.slice(0, 3), excludeRoads: false })],
    ['one letter', (m) => ({ text: m.name.slice(0, 1), excludeRoads: false })],
  ];
  for (const z of [14, 16]) {
    const at = (i: number) => tileAt(centres[i % centres.length].lon, centres[i % centres.length].lat, z);
    for (let i = 0; i < centres.length; i++) await tiles.render('parcels', z, at(i).x, at(i).y, null);
    const plain = percentiles(
      await time(centres.length * 10, (i) => () => tiles.render('parcels', z, at(i).x, at(i).y, null)),
    );
    line(`z${z} unfiltered tile (parcels)`, [plain.p50], '');
    for (const [label, query] of filters) {
      const samples = await time(
        centres.length * 10,
        (i) => () => tiles.render('parcels', z, at(i).x, at(i).y, query(centres[i % centres.length])),
      );
      const { p50 } = percentiles(samples);
      line(
        `z${z} filtered tile (${label})`,
        samples,
        `  ×${(p50 / plain.p50).toFixed(2)} the unfiltered p50`,
      );
    }
  }
}

/** A cached tile is read by key, already gzipped, instead of being rendered and compressed. */
async function cachedTiles(
  munis: Municipality[],
  tiles: ReturnType<typeof createTileService>,
  blobs: TileBlobStore,
  dataset: string,
) {
  const centres = munis.slice(0, 8);
  const at = (i: number) => tileAt(centres[i % centres.length].lon, centres[i % centres.length].lat, 15);
  const fresh = await time(
    centres.length * 5,
    (i) => async () =>
      zlib.gzipSync((await tiles.render('around', 15, at(i).x, at(i).y, null))!, { level: 6 }),
  );
  for (let i = 0; i < centres.length; i++) await tiles.encoded('around', 15, at(i).x, at(i).y, null);
  const stored = await time(
    centres.length * 5,
    (i) => () => blobs.read(dataset, `around/15/${at(i).x}/${at(i).y}`),
  );
  line('z15 tile rendered + gzipped', fresh);
  line(
    'z15 tile read from the tile cache',
    stored,
    `  ${(percentiles(fresh).p50 / percentiles(stored).p50).toFixed(0)}× faster`,
  );
}

void main();

/**
 * What a search reply weighs as JSON and on the wire: the mean of the replies, raw, gzip and
 * brotli as the server compresses them (gzip level 6, brotli quality 4: server/http/compressReplies.ts), and what the
 * survey-grade outline that hits no longer carry would have added.
 */
function searchReplyBytes(results: ParcelSearchResult[]): void {
  const mean = (sizes: number[]) => (sizes.reduce((a, b) => a + b, 0) / sizes.length / 1000).toFixed(1);
  const replies = results.map((result) => JSON.stringify(toSearchResponse(result)));
  const before = results.map((result) => JSON.stringify({ ...toSearchResponse(result), hits: result.hits }));
  const sizes = (texts: string[]) =>
    `${mean(texts.map((t) => Buffer.byteLength(t)))} KB JSON, gzip ${mean(
      texts.map((t) => zlib.gzipSync(t, { level: 6 }).length),
    )} KB, brotli ${mean(
      texts.map(
        (t) => zlib.brotliCompressSync(t, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      ),
    )} KB`;
  console.log(`search reply (12 hits + buckets), mean of ${replies.length}: ${sizes(replies)}`);
  console.log(`  … with the LV95 outline in every hit, as before: ${sizes(before)}`);
}
