/**
 * Time to make one parcel report (read the parcel, its neighbourhood and price level, render the
 * PDF) and the exports, on the bench dataset. Target: PDF p95 ≤ 300 ms per report.
 */
import { performance } from 'node:perf_hooks';
import { percentiles } from './benchFigures';
import type { SqliteDatabase } from '../server/store/sqlite/openDatabase';
import { fillPriceLevels } from '../server/data/catalog/priceLevels';
import { createReportDocuments, type ReportFileFormat } from '../server/services/reports/ReportDocuments';
import { createSqliteDatasetWriter } from '../server/store/sqlite/parcels/createSqliteDatasetWriter';
import type { ParcelRepository } from '../server/store/contract/parcels/ParcelRepository';
import { type PriceLevelRepository } from '../server/store/contract/reports/PriceLevelRepository';
import { createPriceLevelRepository } from '../server/store/sqlite/reports/createPriceLevelRepository';
import { withoutUnits } from '../server/store/sqlite/unitOfWork/serialiseUnits';

const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;

export async function reportBenchmark(
  db: SqliteDatabase,
  parcels: ParcelRepository,
  prcIds: string[],
): Promise<void> {
  // A dataset built before price levels existed gets them, as the server does at start.
  fillPriceLevels(createSqliteDatasetWriter(db));
  const documents = createReportDocuments({
    parcels,
    priceLevels: withoutUnits<PriceLevelRepository>(createPriceLevelRepository(db)),
    demoData: true,
  });
  const ids = prcIds.filter((id) => id !== '');
  const run = async (format: ReportFileFormat, count: number) => {
    // Warm-up: fonts, the IFC engine's WASM and the statement cache, as on a running server.
    for (const id of ids.slice(0, 3)) await documents.file((await documents.subject(id))!, format, 'de');
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      const subject = await documents.subject(ids[i % ids.length]);
      if (!subject) continue;
      const file = await documents.file(subject, format, LANGUAGES[i % LANGUAGES.length]);
      samples.push(performance.now() - start);
      bytes += file.body.byteLength;
    }
    const { p50, p95 } = percentiles(samples);
    console.log(
      `${`parcel report ${format.toUpperCase()} (read + render)`.padEnd(44)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   avg ${(bytes / samples.length / 1024).toFixed(0)} KB${format === 'pdf' ? `   (target p95 ≤ 300 ms: ${p95 <= 300 ? 'met' : 'NOT met'})` : ''}`,
    );
  };
  await run('pdf', 200);
  await run('dxf', 100);
  await run('ifc', 100);
}
