import { SITE_EGRID_SEPARATOR, type ParcelComparison } from '../../../src/contract/Comparison';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import { serverTranslator, type ServerLanguage } from '../i18n/ServerTranslator';
import type { ParcelDownloadQuota } from '../quota/ParcelDownloadQuota';
import type { BatchQuotaService } from '../quota/QuotaService';
import { consumeDownloadsTogether, type QuotaDenial } from '../quota/consumeDownloadsTogether';
import { loadSubjects } from '../reports/loadSubjects';
import type { ReportDocuments } from '../reports/ReportDocuments';
import type { ReportSubject } from '../reports/ReportSubject';
import { checkSite } from '../sites/LandSites';
import { compareParcels } from './comparisonRows';
import { renderComparisonPdf } from './pdf/renderComparisonPdf';

export interface ComparisonFile {
  body: Buffer;
  fileName: string;
}

/**
 * Side-by-side comparison of 2–5 parcels or sites (a column of EGRIDs joined by SITE_EGRID_SEPARATOR; a
 * site must be 2–20 neighbouring parcels, as the site panel checks), from the parcel report's own subjects.
 * Every parcel of the comparison counts once, whether alone or in a site. The screen shows what
 * the drawer shows, so it counts as the drawer does: a full view of each parcel, once per plan period.
 * The PDF counts as the parcels' report downloads: each parcel once per plan period (a parcel whose
 * report was already downloaded that period is free, and its report is free afterwards). Either count is
 * all parcels or none.
 */
export interface ParcelComparisons {
  compare(
    userId: string,
    keys: string[],
    language: ServerLanguage,
  ): Promise<{ ok: true; comparison: ParcelComparison } | { ok: false; denied: QuotaDenial }>;
  pdf(
    userId: string,
    keys: string[],
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
  /** Each column's subjects (a site's checked to be one), and every parcel of the comparison once. */
  const columnsOf = async (keys: string[]) => {
    const groups = keys.map((key) => key.split(SITE_EGRID_SEPARATOR));
    const parcels = [...new Set(groups.flat())];
    const subjects = new Map(
      (await loadSubjects(documents, parcels)).map((subject) => [subject.parcel.PRC_ID, subject]),
    );
    const columns = groups.map((group) => group.map((egrid) => subjects.get(egrid) as ReportSubject));
    for (const column of columns) if (column.length > 1) checkSite(column);
    return { columns, parcels };
  };

  return {
    async compare(userId, keys, language) {
      const { columns, parcels } = await columnsOf(keys);
      const comparison = compareParcels(columns, serverTranslator(language));
      const counted = await fullViews.consumeEach(userId, 'full_view', parcels);
      return counted.ok ? { ok: true, comparison } : { ok: false, denied: counted };
    },
    async pdf(userId, keys, language) {
      const t = serverTranslator(language);
      const { columns, parcels } = await columnsOf(keys);
      const comparison = compareParcels(columns, t);
      const at = now();
      const { pdf } = await renderComparisonPdf(comparison, t, { now: at, demoData });
      // The file is made first and counted after, every parcel in one unit: a refusal counts none.
      const denied = await consumeDownloadsTogether(unitOfWork, quota, userId, parcels);
      if (denied) return { ok: false, denied };
      const day = at.toISOString().slice(0, 10);
      return { ok: true, file: { body: pdf, fileName: `parcel-comparison-${day}.pdf` } };
    },
  };
}
