/**
 * A 100,000-parcel cadastral upload to a real server process (the admin route, the import on its own
 * thread), with /healthz probed every 20 ms meanwhile. Prints the import's time, the server's peak
 * resident memory before and after it, and /healthz p50/p95 during it, with the load average.
 * Run by `npm run bench:import`; the ZG dataset is built into DATA_DIR/bench-ZG.sqlite on first use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAverage, percentiles } from './benchFigures';
import { openBenchDataset } from './benchDataset';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../server/store/sqlite/openStorage';
import { seedMapUserToken, startServerProcess } from './serverProcess';

const PARCELS = 100_000;
const IMPORT_TARGET_S = 60;
const MEMORY_TARGET_MB = 500;
const HEALTHZ_TARGET_MS = 10;
const PROBE_EVERY_MS = 20;
const JWT_SECRET = 'bench-import-secret-0123456789abcdefghij';
/** Zug's eleven municipalities, a share of the parcels each. */
const ZUG = [1701, 1702, 1703, 1704, 1705, 1706, 1707, 1708, 1709, 1710, 1711];

/** A GeoJSON survey of `count` 20 m lots in LV95, rows of 100 per municipality, with a BFS column. */
function writeSurvey(file: string, count: number): void {
  const out = fs.openSync(file, 'w');
  fs.writeSync(
    out,
    '{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"EPSG:2056"}},"features":[',
  );
  const perMunicipality = Math.ceil(count / ZUG.length);
  for (let i = 0; i < count; i++) {
    const m = Math.floor(i / perMunicipality);
    const k = i % perMunicipality;
    const e = 2_670_000 + (k % 100) * 20;
    const n = 1_215_000 + m * 4_000 + Math.floor(k / 100) * 20;
    const ring = [
      [e, n],
      [e + 20, n],
      [e + 20, n + 20],
      [e, n + 20],
      [e, n],
    ];
    const feature = {
      type: 'Feature',
      properties: { EGRIS_EGRID: `CH9${String(i).padStart(11, '0')}`, Nummer: String(k + 1), BFSNr: ZUG[m] },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
    fs.writeSync(out, (i ? ',' : '') + JSON.stringify(feature));
  }
  fs.writeSync(out, ']}');
  fs.closeSync(out);
}

/** The process's peak resident memory so far (Linux VmHWM), MB. */
function peakMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

export async function importUnderLoad(datasetFile: string): Promise<void> {
  openBenchDataset(datasetFile, ['ZG']).close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-bench-import-load-'));
  try {
    // A copy: the import replaces Zug's parcels.
    fs.copyFileSync(datasetFile, path.join(dataDir, 'parcel-atlas.sqlite'));
    const db = openDatabase(path.join(dataDir, 'parcel-atlas.sqlite'));
    const token = await seedMapUserToken(sqliteStorage(db), JWT_SECRET, 'admin@bench.example', [
      'MAPUSER',
      'ADMIN',
    ]);
    db.close();
    const survey = path.join(dataDir, 'survey.geojson');
    writeSurvey(survey, PARCELS);
    const megabytes = fs.statSync(survey).size / 1024 / 1024;

    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = await startServerProcess(port, {
      DATA_DIR: dataDir,
      JWT_SECRET,
      DATASET_CANTONS: 'ZG',
      LOG_LEVEL: 'error',
      PAYMENT_PROVIDER: 'none',
      CADASTRE_MAX_UPLOAD_MB: '200',
    });
    const pid = server.child.pid!;
    try {
      const before = peakMegabytes(pid);
      const probes: number[] = [];
      let importing = true;
      const probing = (async () => {
        while (importing) {
          const started = performance.now();
          await fetch(`${server.origin}/healthz`);
          probes.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
        }
      })();
      const form = new FormData();
      form.append('file', await fs.openAsBlob(survey), 'survey.geojson');
      const started = performance.now();
      const reply = await fetch(`${server.origin}/v1/secure/file-items/cadastre/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const seconds = (performance.now() - started) / 1000;
      importing = false;
      await probing;
      const body = (await reply.json()) as { parcels?: number; message?: string };
      if (reply.status !== 200) throw new Error(`The upload was answered ${reply.status}: ${body.message}`);
      const after = peakMegabytes(pid);
      const { p50, p95 } = percentiles(probes);
      console.log(
        `import of ${body.parcels?.toLocaleString('en-US')} parcels (${megabytes.toFixed(0)} MB GeoJSON, upload to reply): ` +
          `${seconds.toFixed(1)} s (target ≤ ${IMPORT_TARGET_S} s)`,
      );
      console.log(
        `server peak resident memory: ${before.toFixed(0)} MB before the upload, ${after.toFixed(0)} MB after it ` +
          `(+${(after - before).toFixed(0)} MB for the import; target ≤ ${MEMORY_TARGET_MB} MB)`,
      );
      console.log(
        `/healthz during the import: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${probes.length} probes ` +
          `(target p50 ≤ ${HEALTHZ_TARGET_MS} ms); load average ${loadAverage()}`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
