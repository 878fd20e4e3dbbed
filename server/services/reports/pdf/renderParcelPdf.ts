import type PDFDocument from 'pdfkit';
import { formatLv95Value } from '../../../../src/lib/geo/lv95Format';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { REPORT_MAP_SIZE } from '../map/mapScale';
import { reportDate } from '../reportNaming';
import { reportSections, type ReportSection } from '../reportSections';
import type { ReportSubject } from '../ReportSubject';
import { drawParcelMap, MAP_FOOTER_HEIGHT, MAP_HEADER_HEIGHT } from './drawParcelMap';
import type { MapBox } from './mapMarks';
import { paginate, type Block, type PlacedBlock } from './paginate';
import { drawTitleLine, lineText, openReportDocument } from './reportDocument';
import { PDF_COLORS, sectionBlocks, type Column } from './sectionBlocks';

type Doc = InstanceType<typeof PDFDocument>;

export interface PdfOptions {
  /** The moment printed as the report date. */
  now: Date;
  /** Print the notice that the parcel data are synthetic demo data. */
  demoData: boolean;
}

/** The PDF and the layout it was drawn from: how many pages, and where each section starts. */
export interface RenderedPdf {
  pdf: Buffer;
  pages: number;
  /** Per section id, the page (1-based) of its heading and of its first row. */
  sectionPages: Record<string, { heading: number; firstRow: number }>;
  /** Where page 1's map is, PDF points from the top left. */
  map: MapBox;
}

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN_X = (PAGE.width - REPORT_MAP_SIZE.width) / 2;
const MARGIN_TOP = 40;
/** The footer (rule, demo notice, sources, page number) sits between FOOTER_TOP and the sheet's edge. */
const FOOTER_TOP = PAGE.height - 46;
const CONTENT_BOTTOM = FOOTER_TOP - 10;
const RUNNING_HEADER_HEIGHT = 22;
const COLUMN: Column = { x: MARGIN_X, width: REPORT_MAP_SIZE.width };

const lineOf = (doc: Doc, y: number, color: string = PDF_COLORS.rule, width = 0.5) =>
  doc
    .moveTo(MARGIN_X, y)
    .lineTo(MARGIN_X + COLUMN.width, y)
    .lineWidth(width)
    .stroke(color);

function parcelLine(subject: ReportSubject, t: LanguageTranslator): string {
  const { parcel } = subject;
  return `${t.t('parcel.title', { number: parcel.PRC_NO })} · ${parcel.LOCNAME} (${parcel.CANTON})`;
}

/** What heads a plan report: the title, the subject's line and its identifiers, and the running header. */
export interface ReportHead {
  /** "Parcel report", "Site report". */
  title: string;
  /** "Parcel 1234 · Zürich (ZH)". */
  line: string;
  /** "EGRID CH… · address", under the line on page 1. */
  detail: string;
  /** Right of the running header on pages 2 and following. */
  runningRight: string;
}

/** Page 1's head: title, subject and place, identifiers; the brand and date on the right. */
function titleBlock(doc: Doc, head: ReportHead, t: LanguageTranslator, now: Date): number {
  const right = MARGIN_X + COLUMN.width;
  drawTitleLine(doc, t, {
    title: head.title,
    titleSize: 20,
    left: MARGIN_X,
    right,
    top: MARGIN_TOP,
    now,
  });
  doc.font('semibold').fontSize(12).fillColor(PDF_COLORS.text);
  lineText(doc, head.line, MARGIN_X, MARGIN_TOP + 30);
  doc.font('regular').fontSize(8.5).fillColor(PDF_COLORS.muted);
  doc.text(head.detail, MARGIN_X, MARGIN_TOP + 48, {
    width: COLUMN.width,
    height: 12,
    lineBreak: false,
  });
  return MARGIN_TOP + 64;
}

/** Pages 2 and following: the report and subject in small type over a rule. */
function runningHeader(doc: Doc, head: ReportHead): void {
  doc.font('regular').fontSize(7.5).fillColor(PDF_COLORS.muted);
  lineText(doc, `${head.title} · ${head.line}`, MARGIN_X, MARGIN_TOP - 12);
  lineText(doc, head.runningRight, MARGIN_X + COLUMN.width, MARGIN_TOP - 12, 'right');
  lineOf(doc, MARGIN_TOP);
}

/** Every page's foot: the demo-data notice, the sources, the date and "page X of Y". */
function footer(doc: Doc, t: LanguageTranslator, options: PdfOptions, page: number, pages: number): void {
  lineOf(doc, FOOTER_TOP);
  const width = COLUMN.width - 110;
  let y = FOOTER_TOP + 5;
  if (options.demoData) {
    const notice = t.t('report.pdf.demoNotice');
    doc.font('semibold').fontSize(6.5).fillColor('#8a4b00');
    const height = doc.heightOfString(notice, { width });
    doc.text(notice, MARGIN_X, y, { width, height: height + 1 });
    y += height + 1;
  }
  const sources = t.t('report.pdf.sources');
  doc.font('regular').fontSize(6.5).fillColor(PDF_COLORS.muted);
  doc.text(sources, MARGIN_X, y, { width, height: doc.heightOfString(sources, { width }) + 1 });
  const right = MARGIN_X + COLUMN.width;
  doc.font('semibold').fontSize(7.5).fillColor(PDF_COLORS.text);
  lineText(doc, t.t('report.pdf.page', { page, pages }), right, FOOTER_TOP + 5, 'right');
  doc.font('regular').fontSize(6.5).fillColor(PDF_COLORS.muted);
  lineText(doc, reportDate(options.now), right, FOOTER_TOP + 15, 'right');
}

function sectionPages(pages: PlacedBlock[][]): RenderedPdf['sectionPages'] {
  const found: RenderedPdf['sectionPages'] = {};
  pages.forEach((blocks, index) => {
    for (const { block } of blocks) {
      if (!block.marks) continue;
      const entry = (found[block.marks.section] ??= { heading: 0, firstRow: 0 });
      entry[block.marks.role] ||= index + 1;
    }
  });
  return found;
}

/** A report with a plan on page 1: its head, its sections in order and how its plan is drawn. */
export interface PlanReport {
  head: ReportHead;
  /** The PDF's title and subject metadata. */
  documentTitle: string;
  documentSubject: string;
  /** The first section follows the plan on page 1; the second starts page 2 (see `newPageAfterFirst`). */
  sections: ReportSection[];
  /** Whether the second section starts a page (the parcel report's long sections); else it follows. */
  newPageAfterFirst: boolean;
  drawMap(doc: Doc, box: MapBox): void;
}

/**
 * A plan report as a PDF (the parcel report, the site report). Page 1: title, the plan and the first
 * section; then every other section in order, on as many pages as they need, headings kept with their
 * first rows and table headers repeated. Each page has the date, "page X of Y", the sources and the
 * demo-data notice. Inter is embedded (subset), title and language are set.
 *
 * Everything is measured and paginated before a page is drawn; the document's margins are 0 and every
 * text has an explicit height, so pdfkit never adds a page of its own — a page it did add would make
 * this throw rather than hand out a broken report.
 */
export function renderPlanReport(
  report: PlanReport,
  t: LanguageTranslator,
  options: PdfOptions,
): Promise<RenderedPdf> {
  const { doc, finish } = openReportDocument({
    size: [PAGE.width, PAGE.height],
    language: t.language,
    title: report.documentTitle,
    subject: report.documentSubject,
    now: options.now,
  });

  const mapTop = titleBlock(doc, report.head, t, options.now) + MAP_HEADER_HEIGHT;
  const [firstSection, ...laterSections] = report.sections;
  const blocks: Block[] = sectionBlocks(doc, COLUMN, firstSection);
  laterSections.forEach((section, i) => {
    const [first, ...rest] = sectionBlocks(doc, COLUMN, section);
    blocks.push(i === 0 && report.newPageAfterFirst ? { ...first, breakBefore: true } : first, ...rest);
  });
  const pages = paginate(blocks, {
    firstTop: mapTop + REPORT_MAP_SIZE.height + MAP_FOOTER_HEIGHT - 6,
    top: MARGIN_TOP + RUNNING_HEADER_HEIGHT - 14,
    bottom: CONTENT_BOTTOM,
  });

  const map: MapBox = { x: MARGIN_X, y: mapTop, ...REPORT_MAP_SIZE };
  pages.forEach((placed, index) => {
    if (index === 0) {
      report.drawMap(doc, map);
    } else {
      doc.addPage();
      runningHeader(doc, report.head);
    }
    for (const { block, top } of placed) block.draw(top);
    footer(doc, t, options, index + 1, pages.length);
  });
  return finish(pages.length).then((pdf) => ({
    pdf,
    pages: pages.length,
    sectionPages: sectionPages(pages),
    map,
  }));
}

/** The map's legend and furniture texts of the report's plan at the surroundings' scale. */
export const planLabels = (t: LanguageTranslator, scale: number, subject = t.t('report.map.parcel')) => ({
  north: t.t('report.map.north'),
  scale: t.t('report.map.scale', { scale: formatLv95Value(scale, 0) }),
  parcel: subject,
  neighbours: t.t('report.map.neighbours'),
  buildings: t.t('report.map.parcelBuildings'),
  otherBuildings: t.t('report.map.otherBuildings'),
  fixedPoints: t.t('report.map.fixedPoints'),
});

/** The parcel report as a PDF (spec §1, §3): the plan of the parcel (drawParcelMap) and its report sections. */
export function renderParcelPdf(
  subject: ReportSubject,
  t: LanguageTranslator,
  options: PdfOptions,
): Promise<RenderedPdf> {
  const { parcel } = subject;
  const line = parcelLine(subject, t);
  const address = parcel.STREET_ADDRESS
    ? ` · ${parcel.STREET_ADDRESS}, ${parcel.PRC_ZIP} ${parcel.LOCNAME}`
    : '';
  return renderPlanReport(
    {
      head: {
        title: t.t('report.pdf.title'),
        line,
        detail: `EGRID ${parcel.PRC_ID}${address}`,
        runningRight: `EGRID ${parcel.PRC_ID}`,
      },
      documentTitle: `${t.t('report.pdf.title')} – ${line} (${parcel.PRC_ID})`,
      documentSubject: `EGRID ${parcel.PRC_ID}`,
      sections: reportSections(subject, t),
      newPageAfterFirst: true,
      drawMap: (doc, box) =>
        drawParcelMap(
          doc,
          box,
          subject.surroundings,
          parcel.FIXPOINTS ?? [],
          new Set(subject.objects.map((o) => o.OBJ_ID)),
          planLabels(t, subject.surroundings.scale),
        ),
    },
    t,
    options,
  );
}
