import fs from 'node:fs';
import { openDatabase } from './server/store/openDatabase';
import { buildTestDataset } from './test/server/helpers/buildTestDataset';
import { createSqliteStores } from './server/store/Stores';
import { loadReportSubject } from './server/services/reports/ReportSubject';
import { renderParcelPdf } from './server/services/reports/pdf/renderParcelPdf';
import { serverTranslator } from './server/services/i18n/ServerTranslator';
import { performance } from 'node:perf_hooks';
(async () => {
  fs.rmSync('/tmp/rp/smoke.sqlite', { force: true });
  const db = openDatabase('/tmp/rp/smoke.sqlite');
  buildTestDataset(db);
  const stores = createSqliteStores(db);
  const id = db.prepare("SELECT prc_id FROM parcels WHERE obj_count > 0 AND ind='Standard' LIMIT 1 OFFSET 40").pluck().get() as string;
  for (const lang of ['de', 'it', 'de'] as const) {
    const t0 = performance.now();
    const subject = loadReportSubject(stores, id)!;
    const t1 = performance.now();
    const pdf = await renderParcelPdf(subject, serverTranslator(lang), { now: new Date(), demoData: true });
    console.log(lang, id, pdf.length, (t1 - t0).toFixed(1), (performance.now() - t1).toFixed(1), subject.surroundings.neighbours.length, subject.surroundings.buildings.length, subject.priceLevel);
    fs.writeFileSync(`/tmp/rp/report-${lang}.pdf`, pdf);
  }
})();
