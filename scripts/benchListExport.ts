/**
 * Bulk export of a list: time and peak memory of writing 10,000 parcels to GeoPackage and XLSX (the
 * target: ≤ 5 s each), with the load average. The parcels come from a Zug dataset built into a temporary
 * SQLite file (cached by the dataset builder's key under the temp directory's bench file).
 *   npm run bench:list-export
 *   npm run bench:list-export -- --parcels 2000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildDataset } from '../server/data/buildDataset';
import { listExportTable, type ListExportRow } from '../server/services/exports/ListExportTable';
import { writeListCsv } from '../server/services/exports/writeListCsv';
import { writeListGeoPackage } from '../server/services/exports/writeListGeoPackage';
import { writeListXlsx } from '../server/services/exports/writeListXlsx';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { createSqliteDatasetWriter } from '../server/store/sqlite/parcels/createSqliteDatasetWriter';
import { createSqliteStores } from '../server/store/sqlite/createSqliteStores';
import { loadAverage } from './benchFigures';

const argv = process.argv.slice(2);
const PARCELS = argv[0] === '--parcels' ? Number(argv[1]) : 10_000;
const TARGET_MS = 5_000;

/** Runs `work` and reports its time and the largest resident set seen while it ran (sampled every 10 ms). */
async function measure<T>(work: () => T | Promise<T>): Promise<{ ms: number; peakMb: number; result: T }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: peak / 1024 / 1024, result };
}

async function main() {
  const file = path.join(os.tmpdir(), 'parcel-atlas-bench-list-export.sqlite');
  if (!fs.existsSync(file)) {
    console.log('Building a Zug dataset for the benchmark (once)…');
    const db = openDatabase(file);
    buildDataset(createSqliteDatasetWriter(db), {
      seed: 7,
      cantons: ['ZG'],
      maxMunicipalities: 11,
      maxParcelsPerMunicipality: Math.ceil(PARCELS / 10),
    });
    db.close();
  }
  const db = openDatabase(file);
  const { parcels } = createSqliteStores(db);
  await parcels.hasDataset();
  const ids = db.prepare('SELECT prc_id FROM parcels ORDER BY id LIMIT ?').pluck().all(PARCELS) as string[];
  const rows: ListExportRow[] = [];
  for (const prcId of ids) {
    const detail = await parcels.parcel(prcId);
    if (!detail) continue;
    rows.push({
      parcel: detail.parcel,
      status: 'reviewing',
      statusLabel: 'In Prüfung',
      assignee: 'Anna Ämmänn',
      addedBy: 'Beat Bürgi',
      addedAt: new Date().toISOString(),
      notes: 2,
    });
  }
  console.log(
    `List export of ${rows.length} parcels · load average ${loadAverage()} · ${os.cpus().length} cores`,
  );
  const table = await measure(() => listExportTable(rows));
  console.log(
    `  table (columns ${table.result.columns.length})`.padEnd(36),
    `${table.ms.toFixed(0).padStart(6)} ms`,
  );
  for (const [name, write] of [
    ['GeoPackage (EPSG:2056)', () => writeListGeoPackage(table.result, 'Bench')],
    ['XLSX', () => writeListXlsx(table.result, 'Bench')],
    ['CSV', () => writeListCsv(table.result)],
  ] as const) {
    const { ms, peakMb, result } = await measure(write);
    const verdict =
      name === 'CSV' ? '' : ms <= TARGET_MS ? '  (target ≤ 5 s: met)' : '  (target ≤ 5 s: NOT met)';
    console.log(
      `  ${name}`.padEnd(36),
      `${ms.toFixed(0).padStart(6)} ms   peak RSS ${peakMb.toFixed(0).padStart(5)} MB   ${(result.length / 1024 / 1024).toFixed(1)} MB file${verdict}`,
    );
  }
  console.log(`  load average after: ${loadAverage()}`);
  db.close();
}

void main();
