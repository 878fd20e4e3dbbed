import PDFDocument from 'pdfkit';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { REPORT_MAP_ASPECT, type ReportSubject } from '../ReportSubject';
import { reportSections, type ReportSection, type ReportTable } from '../reportSections';
import { drawParcelMap } from './drawParcelMap';
import { reportDate } from '../reportNaming';

type Doc = InstanceType<typeof PDFDocument>;

export interface PdfOptions {
  /** The moment printed as the report date. */
  now: Date;
  /** Print the notice that the parcel data are synthetic demo data. */
  demoData: boolean;
}

const MARGIN = 48;
const FOOTER_HEIGHT = 34;
const PRIMARY = '#176b73';
const TEXT = '#212121';
const MUTED = '#616161';
const LABEL_WIDTH = 190;

const contentBottom = (doc: Doc) => doc.page.height - MARGIN - FOOTER_HEIGHT;
const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > contentBottom(doc)) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

function heading(doc: Doc, text: string): void {
  ensureRoom(doc, 72);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(11.5)
    .fillColor(PRIMARY)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(0.5)
    .stroke(PRIMARY);
  doc.y = y + 5;
}

function rows(doc: Doc, section: ReportSection): void {
  const valueWidth = contentWidth(doc) - LABEL_WIDTH;
  for (const row of section.rows) {
    doc.font('Helvetica').fontSize(9);
    const height = Math.max(
      doc.heightOfString(row.label, { width: LABEL_WIDTH - 8 }),
      doc.heightOfString(row.value, { width: valueWidth }),
    );
    ensureRoom(doc, height + 4);
    const y = doc.y;
    doc.fillColor(MUTED).text(row.label, MARGIN, y, { width: LABEL_WIDTH - 8 });
    doc.font(row.warning ? 'Helvetica-Bold' : 'Helvetica').fillColor(row.warning ? '#c62828' : TEXT);
    doc.text(row.value, MARGIN + LABEL_WIDTH, y, { width: valueWidth });
    doc.y = y + height + 3;
  }
}

function table(doc: Doc, data: ReportTable): void {
  doc.font('Helvetica').fontSize(8);
  if (data.rows.length === 0) {
    ensureRoom(doc, 14);
    doc.fillColor(MUTED).text(data.empty, MARGIN, doc.y, { width: contentWidth(doc) });
    return;
  }
  const width = contentWidth(doc) / data.columns.length;
  const line = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(...cells.map((cell) => doc.heightOfString(cell, { width: width - 4 })));
    ensureRoom(doc, height + 4);
    const y = doc.y;
    cells.forEach((cell, i) =>
      doc.fillColor(bold ? MUTED : TEXT).text(cell, MARGIN + i * width, y, { width: width - 4 }),
    );
    doc.y = y + height + 3;
    doc
      .moveTo(MARGIN, doc.y - 1.5)
      .lineTo(MARGIN + contentWidth(doc), doc.y - 1.5)
      .lineWidth(0.25)
      .stroke('#e0e0e0');
  };
  // The header never stays alone at a page's foot: keep room for it and the first row.
  ensureRoom(doc, 48);
  line(data.columns, true);
  for (const cells of data.rows) line(cells, false);
}

function note(doc: Doc, text: string): void {
  doc.font('Helvetica-Oblique').fontSize(7.5);
  ensureRoom(doc, doc.heightOfString(text, { width: contentWidth(doc) }) + 4);
  doc.fillColor(MUTED).text(text, MARGIN, doc.y + 2, { width: contentWidth(doc) });
}

/** Page header of the first page: title, parcel, municipality and date. */
function titleBlock(doc: Doc, subject: ReportSubject, t: LanguageTranslator, now: Date): void {
  const { parcel } = subject;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(PRIMARY).text(t.t('report.pdf.title'), MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(TEXT)
    .text(
      `${t.t('parcel.title', { number: parcel.PRC_NO })} · ${parcel.PRC_ID} · ${parcel.PRC_ZIP} ${parcel.LOCNAME} (${parcel.CANTON})`,
    );
  doc
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(t.t('report.pdf.date', { date: reportDate(now) }));
  doc.moveDown(1.4);
}

/** Footer on every page: sources, demo notice and "page X of Y". */
function footers(doc: Doc, t: LanguageTranslator, options: PdfOptions): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_HEIGHT + 8;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(doc.page.width - MARGIN, y - 4)
      .lineWidth(0.4)
      .stroke('#bdbdbd');
    const sources = t.t('report.pdf.sources');
    const notice = options.demoData ? ` ${t.t('report.pdf.demoNotice')}` : '';
    doc.font('Helvetica').fontSize(6.5).fillColor(MUTED);
    doc.text(`${sources}${notice}`, MARGIN, y, { width: contentWidth(doc) - 90 });
    doc.text(
      `${reportDate(options.now)} · ${t.t('report.pdf.page', { page: i + 1 - range.start, pages: range.count })}`,
      doc.page.width - MARGIN - 90,
      y,
      { width: 90, align: 'right' },
    );
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The parcel report as a PDF (spec §1, §3): title block, a vector map of the parcel in its
 * neighbourhood, then every section of the report data model, with header data, page numbers, data
 * sources and the demo-data notice on each page. Standard PDF fonts: nothing is embedded, so a report
 * takes milliseconds and stays small.
 */
export function renderParcelPdf(
  subject: ReportSubject,
  t: LanguageTranslator,
  options: PdfOptions,
): Promise<Buffer> {
  const { parcel } = subject;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${t.t('report.pdf.title')} ${parcel.PRC_ID}`,
      Subject: `${parcel.LOCNAME} ${parcel.PRC_NO}`,
      Author: 'Parcel Atlas',
      CreationDate: options.now,
    },
    lang: t.language,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  titleBlock(doc, subject, t, options.now);
  const mapBox = {
    x: MARGIN,
    y: doc.y + 6,
    width: contentWidth(doc),
    height: contentWidth(doc) / REPORT_MAP_ASPECT,
  };
  drawParcelMap(doc, mapBox, subject.surroundings, parcel.FIXPOINTS ?? [], {
    north: t.t('report.map.north'),
    parcel: t.t('report.map.parcel'),
    neighbours: t.t('report.map.neighbours'),
    buildings: t.t('report.map.buildings'),
    fixedPoints: t.t('report.map.fixedPoints'),
  });
  doc.y = mapBox.y + mapBox.height + 26;

  for (const section of reportSections(subject, t)) {
    heading(doc, section.title);
    rows(doc, section);
    if (section.table) table(doc, section.table);
    if (section.note) note(doc, section.note);
  }
  footers(doc, t, options);
  doc.end();
  return done;
}
