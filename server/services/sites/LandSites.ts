import { SITE_MAX_PARCELS, SITE_MIN_PARCELS, type LandSite } from '../../../src/contract/Sites';
import { serverTranslator, type ServerLanguage } from '../i18n/ServerTranslator';
import { consumeDownloadsTogether, type QuotaDenial } from '../quota/consumeDownloadsTogether';
import type { ParcelDownloadQuota } from '../quota/ParcelDownloadQuota';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { ParcelSurroundings, PlanCentre } from '../reports/parcelSurroundings';
import { fileNameDay } from '../reports/reportNaming';
import { renderSitePdf } from './pdf/renderSitePdf';
import { siteCentre } from './siteSubjects';
import type { BatchQuotaService } from '../quota/QuotaService';
import { loadSubjects } from '../reports/loadSubjects';
import type { ReportDocuments } from '../reports/ReportDocuments';
import type { ReportSubject } from '../reports/ReportSubject';
import { assembleSite } from './assembleSite';
import { neighbourGroups, polygonsOf } from './siteOutline';

/** English texts of the refusals; the reply hook translates them (translations/*.json, `server.site.*`). */
export const SITE_REFUSALS = {
  tooFew: `A site needs at least ${SITE_MIN_PARCELS} parcels`,
  tooMany: `A site holds at most ${SITE_MAX_PARCELS} parcels`,
  notNeighbours: 'The parcels do not form one site: each must touch another one (at most 0.5 m apart)',
} as const;

/** A selection that is not a site: the route answers 400 with the message and, if apart, the groups. */
export class SiteRefusedError extends Error {
  constructor(
    message: string,
    /** Parcel numbers of the separate groups, when the parcels are not all neighbours. */
    readonly groups?: string[][],
  ) {
    super(message);
  }
}

/**
 * Land assembly (ADR 037): a site of 2–20 neighbouring parcels with its outline, figures and
 * constraints. The figures count as the comparison's screen does: a full view of each parcel, once per
 * plan period, all or none.
 */
export interface LandSites {
  site(
    userId: string,
    egrids: string[],
    language: ServerLanguage,
  ): Promise<{ ok: true; site: LandSite } | { ok: false; denied: QuotaDenial }>;
  /** The site report (PDF) or the site DXF: a report download of each parcel, once per period, all or none. */
  file(
    userId: string,
    egrids: string[],
    format: SiteFileFormat,
    language: ServerLanguage,
  ): Promise<{ ok: true; file: SiteFile } | { ok: false; denied: QuotaDenial }>;
}

export type SiteFileFormat = 'pdf' | 'dxf';

export interface SiteFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

const CONTENT_TYPES: Record<SiteFileFormat, string> = { pdf: 'application/pdf', dxf: 'application/dxf' };

export interface LandSitesOptions {
  documents: Pick<ReportDocuments, 'subject'>;
  /** The neighbourhood of a plan centre (the site's outline), as the parcel report reads it. */
  surroundings: (centre: PlanCentre) => Promise<ParcelSurroundings>;
  fullViews: Pick<BatchQuotaService, 'consumeEach'>;
  quota: Pick<ParcelDownloadQuota, 'consume'>;
  unitOfWork: UnitOfWork;
  demoData: boolean;
  now?: () => Date;
}

/** Refuses what is not a site: too few or too many parcels, or parcels that are not all neighbours. */
export function checkSite(subjects: readonly ReportSubject[]): void {
  if (subjects.length < SITE_MIN_PARCELS) throw new SiteRefusedError(SITE_REFUSALS.tooFew);
  if (subjects.length > SITE_MAX_PARCELS) throw new SiteRefusedError(SITE_REFUSALS.tooMany);
  const groups = neighbourGroups(subjects.map((s) => polygonsOf(s.parcel.geometryLv95)));
  if (groups.length > 1)
    throw new SiteRefusedError(
      SITE_REFUSALS.notNeighbours,
      groups.map((group) => group.map((i) => subjects[i].parcel.PRC_NO)),
    );
}

/** Refuses a count outside 2–20 before anything is read. */
function checkCount(egrids: readonly string[]): void {
  if (egrids.length < SITE_MIN_PARCELS) throw new SiteRefusedError(SITE_REFUSALS.tooFew);
  if (egrids.length > SITE_MAX_PARCELS) throw new SiteRefusedError(SITE_REFUSALS.tooMany);
}

/** The site as a DXF drawing; the DXF library loads only when a drawing is asked for. */
async function siteDxf(
  site: LandSite,
  subjects: readonly ReportSubject[],
  around: ParcelSurroundings,
): Promise<Buffer> {
  const { writeSiteDxf } = await import('./writeSiteDxf');
  return Buffer.from(writeSiteDxf(site, subjects, around), 'utf8');
}

export function createLandSites({
  documents,
  surroundings,
  fullViews,
  quota,
  unitOfWork,
  demoData,
  now = () => new Date(),
}: LandSitesOptions): LandSites {
  /** The parcels' subjects, checked to form one site. */
  async function siteSubjects(egrids: string[]): Promise<ReportSubject[]> {
    checkCount(egrids);
    const subjects = await loadSubjects(documents, egrids);
    checkSite(subjects);
    return subjects;
  }

  return {
    async site(userId, egrids, language) {
      const site = assembleSite(await siteSubjects(egrids), serverTranslator(language));
      const counted = await fullViews.consumeEach(userId, 'full_view', egrids);
      return counted.ok ? { ok: true, site } : { ok: false, denied: counted };
    },
    async file(userId, egrids, format, language) {
      const t = serverTranslator(language);
      const subjects = await siteSubjects(egrids);
      const site = assembleSite(subjects, t);
      const around = await surroundings(siteCentre(site));
      const at = now();
      const body =
        format === 'pdf'
          ? (await renderSitePdf(site, subjects, around, t, { now: at, demoData })).pdf
          : await siteDxf(site, subjects, around);
      // The file is made first and counted after, every parcel in one unit: a refusal counts none.
      const denied = await consumeDownloadsTogether(unitOfWork, quota, userId, egrids);
      if (denied) return { ok: false, denied };
      const fileName = `site-${site.parcels[0].number.replace(/[^\w-]+/g, '_')}-${fileNameDay(at)}.${format}`;
      return { ok: true, file: { body, fileName, contentType: CONTENT_TYPES[format] } };
    },
  };
}
