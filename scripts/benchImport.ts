/**
 * The importer's bounded checks, with the load average:
 * - a GeoJSON and a GeoPackage (written by ogr2ogr when GDAL is installed) holding one polygon of
 *   1.5 million vertices are refused (target ≤ 1 s each, file to refusal) and leave the database as it was;
 * - the ring check (validateAreaGeometry) on a 20,000-vertex outline (the default CADASTRE_MAX_VERTICES),
 *   valid and as a comb (long teeth: the shape that keeps many edges open in the sweep), and on the
 *   1.5 M-vertex polygon and a 150,000-vertex spiky one when the limit is raised to let them through (the
 *   spikes go to the ordered O(n log n) sweep: the open-edge sweep alone, quadratic there, would take some 20 s).
 * - a 100,000-parcel upload to a real server (benchImportUnderLoad.ts): its time, the server's memory and
 *   /healthz meanwhile.
 *   npm run bench:import
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_VERTICES_PER_PARCEL } from '../server/config';
import { importCadastreFile } from '../server/data/cadastre/importCadastreFile';
import { polygonProblem } from '../server/data/cadastre/validateAreaGeometry';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { createSqliteCadastreWriter } from '../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { loadAverage } from './benchFigures';
import { importUnderLoad } from './benchImportUnderLoad';

const HUGE = 1_500_000;
const REFUSAL_TARGET_MS = 1_000;
const E = 2_682_700;
const N = 1_227_700;

type Ring = [number, number][];

/**
 * A valid star-shaped outline of `n` vertices, closed: the radius waves between 40 and 60 m, slowly
 * (`wobble` 0.001: a smooth outline) or every few vertices (0.37: long thin spikes side by side, the
 * shape that keeps most edges open in the sweep).
 */
function star(n: number, wobble = 0.001): Ring {
  const ring: Ring = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    const radius = 50 + 10 * Math.sin(i * wobble);
    ring.push([E + radius * Math.cos(angle), N + radius * Math.sin(angle)]);
  }
  ring.push(ring[0]);
  return ring;
}

/** A valid comb of `n` vertices: thin teeth 100 m long side by side, every tooth's edges spanning the comb. */
function comb(n: number): Ring {
  const teeth = Math.floor((n - 2) / 4);
  const ring: Ring = [[E, N]];
  for (let i = 0; i < teeth; i++) {
    const x = E + i * 0.04;
    ring.push([x, N + 100], [x + 0.01, N + 100], [x + 0.01, N + 1], [x + 0.04, N + 1]);
  }
  ring.push([E + teeth * 0.04, N]);
  ring.push(ring[0]);
  return ring;
}

function time<T>(run: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = run();
  return { ms: performance.now() - started, value };
}

async function refusal(
  file: string,
  db: ReturnType<typeof openDatabase>,
): Promise<{ ms: number; message: string }> {
  const before = db.prepare('SELECT COUNT(*) FROM parcels').pluck().get();
  const started = performance.now();
  let message = 'imported (not refused)';
  try {
    await importCadastreFile({ writer: createSqliteCadastreWriter(db), file });
  } catch (error) {
    message = (error as Error).message;
  }
  const ms = performance.now() - started;
  if (db.prepare('SELECT COUNT(*) FROM parcels').pluck().get() !== before)
    throw new Error('the refused file changed the database');
  return { ms, message };
}

async function main() {
  console.log(`load average ${loadAverage()} on ${os.availableParallelism()} cores`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-bench-import-'));
  try {
    const db = openDatabase(path.join(dir, 'bench.sqlite'));
    const huge = star(HUGE);
    const geojson = path.join(dir, 'huge.geojson');
    fs.writeFileSync(
      geojson,
      JSON.stringify({
        type: 'FeatureCollection',
        crs: { type: 'name', properties: { name: 'EPSG:2056' } },
        features: [
          {
            type: 'Feature',
            properties: { EGRIS_EGRID: 'CH170100000001', Nummer: '1', BFSNr: 1701 },
            geometry: { type: 'Polygon', coordinates: [huge] },
          },
        ],
      }),
    );
    const files = [geojson];
    const gpkg = path.join(dir, 'huge.gpkg');
    const gdal = spawnSync('ogr2ogr', ['-f', 'GPKG', gpkg, geojson, '-nln', 'Liegenschaften'], {
      env: { ...process.env, OGR_GEOJSON_MAX_OBJ_SIZE: '0' },
    });
    if (gdal.status === 0) files.push(gpkg);
    else console.log('ogr2ogr not found: the GeoPackage case is skipped');
    for (const file of files) {
      const { ms, message } = await refusal(file, db);
      const mb = (fs.statSync(file).size / 1e6).toFixed(0);
      console.log(
        `${HUGE.toLocaleString('en')}-vertex polygon, ${path.extname(file)} of ${mb} MB: refused in ${ms.toFixed(0)} ms ` +
          `(target ≤ ${REFUSAL_TARGET_MS} ms) ${ms <= REFUSAL_TARGET_MS ? 'OK' : 'SLOW'} — "${message.slice(0, 110)}"`,
      );
    }
    db.close();
    for (const [name, ring] of [
      [`valid star, ${MAX_VERTICES_PER_PARCEL.toLocaleString('en')} vertices`, star(MAX_VERTICES_PER_PARCEL)],
      [
        `spiky star, ${MAX_VERTICES_PER_PARCEL.toLocaleString('en')} vertices`,
        star(MAX_VERTICES_PER_PARCEL, 0.37),
      ],
      [`comb, ${MAX_VERTICES_PER_PARCEL.toLocaleString('en')} vertices`, comb(MAX_VERTICES_PER_PARCEL)],
      [`valid star, ${HUGE.toLocaleString('en')} vertices (limit raised)`, huge],
      [`spiky star, ${(HUGE / 10).toLocaleString('en')} vertices (limit raised)`, star(HUGE / 10, 0.37)],
    ] as const) {
      const { ms, value } = time(() => polygonProblem([ring as Ring]));
      console.log(`ring check, ${name}: ${ms.toFixed(0)} ms (${value ?? 'valid'})`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`load average ${loadAverage()}`);
  await importUnderLoad(path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'bench-ZG.sqlite'));
}

void main();
