import type { ServerLanguage } from '../i18n/ServerTranslator';
import { serverTranslator } from '../i18n/ServerTranslator';
import { assessParcel } from './assessment/assessParcel';
import { renderAssessmentHtml } from './assessment/renderAssessmentHtml';
import { messagePage, type PageMessage } from './htmlPage';
import { renderParcelPdf } from './pdf/renderParcelPdf';
import { reportFileName } from './reportNaming';
import { loadReportSubject, type ReportSubject, type ReportSubjectSources } from './ReportSubject';

/** The file formats a parcel can be downloaded in (DWG has no open writer: the browser offers DXF). */
export const REPORT_FILE_FORMATS = ['pdf', 'dxf', 'ifc'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

export interface ReportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
  /** PDFs open in the tab; CAD files download. */
  disposition: 'inline' | 'attachment';
}

/**
 * Makes the documents of a parcel: the PDF report, the DXF and IFC exports and the automated
 * assessment page, in any of the four languages. Reads only; quotas and tokens are the caller's.
 */
export interface ReportDocuments {
  subject(prcId: string): Promise<ReportSubject | null>;
  file(subject: ReportSubject, format: ReportFileFormat, language: ServerLanguage): Promise<ReportFile>;
  assessmentPage(subject: ReportSubject, language: ServerLanguage): string;
  /** A page explaining why a tab cannot show its document (message ids of `report.page.*`). */
  messagePage(language: ServerLanguage, message: PageMessage): string;
}

export interface ReportDocumentsOptions extends ReportSubjectSources {
  /** Print the notice that the parcel data are synthetic. */
  demoData: boolean;
  now?: () => Date;
}

const CONTENT_TYPES: Record<ReportFileFormat, string> = {
  pdf: 'application/pdf',
  dxf: 'application/dxf',
  ifc: 'application/x-step',
};

export function createReportDocuments({
  demoData,
  now = () => new Date(),
  ...sources
}: ReportDocumentsOptions): ReportDocuments {
  return {
    subject: (prcId) => loadReportSubject(sources, prcId),
    async file(subject, format, language) {
      const at = now();
      const fileName = reportFileName(subject, at, format);
      if (format === 'pdf') {
        const { pdf } = await renderParcelPdf(subject, serverTranslator(language), { now: at, demoData });
        return { body: pdf, contentType: CONTENT_TYPES.pdf, fileName, disposition: 'inline' };
      }
      if (format === 'dxf') {
        // The DXF library only when a drawing is asked for.
        const { writeParcelDxf } = await import('./dxf/writeParcelDxf');
        return {
          body: Buffer.from(writeParcelDxf(subject), 'utf8'),
          contentType: CONTENT_TYPES.dxf,
          fileName,
          disposition: 'attachment',
        };
      }
      // web-ifc (~0.6 CPU s to load) only when an IFC is asked for, not in every process that serves reports.
      const { writeParcelIfc } = await import('./ifc/writeParcelIfc');
      const model = await writeParcelIfc(subject, at, serverTranslator(language));
      return {
        body: Buffer.from(model),
        contentType: CONTENT_TYPES.ifc,
        fileName,
        disposition: 'attachment',
      };
    },
    assessmentPage: (subject, language) =>
      renderAssessmentHtml(subject, assessParcel(subject), serverTranslator(language), now()),
    messagePage: (language, message) => messagePage(serverTranslator(language), message),
  };
}
