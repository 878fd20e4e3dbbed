import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { reportDate } from '../reportNaming';
import { registerReportFonts } from './reportFonts';
import { PDF_COLORS } from './sectionBlocks';

type Doc = InstanceType<typeof PDFDocument>;

const require_ = createRequire(__filename);

export interface ReportDocumentOptions {
  /** Page size in points. */
  size: [number, number];
  language: string;
  title: string;
  subject?: string;
  now: Date;
}

/**
 * A pdfkit document set up as every Parcel Atlas PDF is: no margins (every text is placed and measured),
 * PDF 1.7 with language and displayed title, the report fonts registered, its bytes collected. `finish`
 * ends it and checks that pdfkit made exactly the pages the layout planned (a page it added on its own
 * would be a broken document, so it throws instead).
 */
export function openReportDocument(options: ReportDocumentOptions): {
  doc: Doc;
  finish(plannedPages: number): Promise<Buffer>;
} {
  // pdfkit (with fontkit, ~0.6 CPU s to load) when the first PDF is made, not in every process that could
  // make one: each server test file would pay it.
  const PdfDocument = require_('pdfkit') as typeof PDFDocument;
  const doc = new PdfDocument({
    size: options.size,
    margin: 0,
    lang: options.language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: options.title,
      ...(options.subject ? { Subject: options.subject } : {}),
      Author: 'Parcel Atlas',
      Creator: 'Parcel Atlas',
      CreationDate: options.now,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let pagesAdded = 1;
  doc.on('pageAdded', () => pagesAdded++);
  registerReportFonts(doc);
  return {
    doc,
    finish(plannedPages) {
      if (pagesAdded !== plannedPages) {
        throw new Error(`The layout planned ${plannedPages} pages but pdfkit made ${pagesAdded}`);
      }
      doc.end();
      return ended;
    },
  };
}

/** One line of text that never wraps (so never starts a page), right-aligned by measuring it. */
export function lineText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  align: 'left' | 'right' = 'left',
): void {
  const left = align === 'right' ? x - doc.widthOfString(text) : x;
  doc.text(text, left, y, { lineBreak: false });
}

/** Page 1's head line: the document's title on the left, the brand and the date on the right. */
export function drawTitleLine(
  doc: Doc,
  t: LanguageTranslator,
  head: {
    title: string;
    titleSize: number;
    left: number;
    right: number;
    top: number;
    now: Date;
    /** The date's wording ("Report date: {date}" unless given). */
    dateId?: string;
  },
): void {
  doc.font('bold').fontSize(head.titleSize).fillColor(PDF_COLORS.primary);
  lineText(doc, head.title, head.left, head.top);
  doc.font('semibold').fontSize(9).fillColor(PDF_COLORS.primary);
  lineText(doc, 'Parcel Atlas', head.right, head.top + 4, 'right');
  doc.font('regular').fontSize(8).fillColor(PDF_COLORS.muted);
  lineText(
    doc,
    t.t(head.dateId ?? 'report.pdf.date', { date: reportDate(head.now) }),
    head.right,
    head.top + 16,
    'right',
  );
}
