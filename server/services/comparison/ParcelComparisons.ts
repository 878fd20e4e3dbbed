import type { ParcelComparison } from '../../../src/contract/Comparison';
import type { UnitOfWork } from '../../store/unitOfWork/UnitOfWork';
import { serverTranslator, type ServerLanguage } from '../i18n/ServerTranslator';
import type { ParcelDownloadQuota } from '../quota/ParcelDownloadQuota';
import type { BatchQuotaService } from '../quota/QuotaService';
import { consumeDownloadsTogether, type QuotaDenial } from '../quota/consumeDownloadsTogether';
import { loadSubjects } from '../reports/loadSubjects';
import type { ReportDocuments } from '../reports/ReportDocuments';
import { compareParcels } from './comparisonRows';
import { renderComparisonPdf } from './pdf/renderComparisonPdf';

export interface ComparisonFile {
  body: Buffer;
  fileName: string;
}

/**
 * Side-by-side comparison of 2–5 parcels, from the parcel report's own subjects. The screen shows what
 * the drawer shows, so it counts as the drawer does: a full view of each parcel, once per plan period.
 * The PDF counts as the parcels' report downloads: each parcel once per plan period (a parcel whose
 * report was already downloaded that period is free, and its report is free afterwards). Either count is
 * all parcels or none.
 */
export interface ParcelComparisons {
  compare(
    userId: string,
    egrids: string[],
    language: ServerLanguage,
  ): Promise<{ ok: true; comparison: ParcelComparison } | { ok: false; denied: QuotaDenial }>;
  pdf(
    userId: string,
    egrids: string[],
    language: ServerLanguage,
  ): Promise<{ ok: true; file: ComparisonFile } | { ok: false; denied: QuotaDenial }>;
}

export interface ParcelComparisonsOptions {
  documents: Pick<ReportDocuments, 'subject'>;
  quota: Pick<ParcelDownloadQuota, 'consume'>;
  fullViews: Pick<BatchQuotaService, 'consumeEach'>;
  unitOfWork: UnitOfWork;
  demoData: boolean;
  now?: () => Date;
}

export function createParcelComparisons({
  documents,
  quota,
  fullViews,
  unitOfWork,
  demoData,
  now = () => new Date(),
}: ParcelComparisonsOptions): ParcelComparisons {
  const subjects = (egrids: string[]) => loadSubjects(documents, egrids);

  return {
    async compare(userId, egrids, language) {
      const comparison = compareParcels(await subjects(egrids), serverTranslator(language));
      const counted = await fullViews.consumeEach(userId, 'full_view', egrids);
      return counted.ok ? { ok: true, comparison } : { ok: false, denied: counted };
    },
    async pdf(userId, egrids, language) {
      const t = serverTranslator(language);
      const comparison = compareParcels(await subjects(egrids), t);
      const at = now();
      const { pdf } = await renderComparisonPdf(comparison, t, { now: at, demoData });
      // The file is made first and counted after, every parcel in one unit: a refusal counts none.
      const denied = await consumeDownloadsTogether(unitOfWork, quota, userId, egrids);
      if (denied) return { ok: false, denied };
      const day = at.toISOString().slice(0, 10);
      return { ok: true, file: { body: pdf, fileName: `parcel-comparison-${day}.pdf` } };
    },
  };
}
