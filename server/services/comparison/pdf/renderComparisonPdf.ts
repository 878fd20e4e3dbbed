import type PDFDocument from 'pdfkit';
import {
  SITE_EGRID_SEPARATOR,
  type CellRank,
  type ComparedParcel,
  type ParcelComparison,
} from '../../../../src/contract/Comparison';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { paginate, type Block } from '../../reports/pdf/paginate';
import { drawTitleLine, lineText, openReportDocument } from '../../reports/pdf/reportDocument';
import { PDF_COLORS, textBox } from '../../reports/pdf/sectionBlocks';

type Doc = InstanceType<typeof PDFDocument>;

/** A4 landscape in points: five parcel columns beside the labels stay readable at 8.5 pt. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN_X = 36;
const MARGIN_TOP = 36;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN_X;
const FOOTER_TOP = PAGE.height - 40;
const LABEL_WIDTH = 150;
const PAD = 4;
/** The bar at the left of a row whose values differ. */
const DIFF_BAR = 3;

/** Cell backgrounds of the best and the worst figure of a row (the screen uses the same pair). */
export const RANK_FILLS: Record<Exclude<CellRank, null>, string> = { best: '#dcefd2', worst: '#f8dcd9' };

export interface ComparisonPdfOptions {
  now: Date;
  demoData: boolean;
}

const columnWidth = (parcels: number) => (CONTENT_WIDTH - LABEL_WIDTH) / parcels;

/** "Parcel 34", or for a site "Site of 3 parcels: 34, 35, 36". */
function columnTitle(column: ComparedParcel, t: LanguageTranslator): string {
  if (!column.parcels) return t.t('parcel.title', { number: column.number });
  const numbers = column.parcels.map((parcel) => parcel.number).join(', ');
  return t.t('compare.site.title', { count: column.parcels.length, numbers });
}

/** The columns' heads: number and place, EGRIDs below; repeated on every page the table continues on. */
function headerBlock(doc: Doc, comparison: ParcelComparison, t: LanguageTranslator): Block {
  const width = columnWidth(comparison.parcels.length);
  const heads = comparison.parcels.map((column) => ({
    title: textBox(
      doc,
      'semibold',
      9.5,
      `${columnTitle(column, t)} · ${column.place} (${column.canton})`,
      width - 2 * PAD,
    ),
    egrid: textBox(
      doc,
      'regular',
      7.5,
      `EGRID ${(column.parcels ?? [column]).map((parcel) => parcel.egrid).join(', ')}`,
      width - 2 * PAD,
    ),
  }));
  const height = Math.max(...heads.map((h) => h.title.height + h.egrid.height)) + 2 * PAD + 2;
  return {
    height,
    keepWithNext: true,
    draw(top) {
      heads.forEach((head, i) => {
        const x = MARGIN_X + LABEL_WIDTH + i * width + PAD;
        head.title.draw(x, top + PAD, PDF_COLORS.primary);
        head.egrid.draw(x, top + PAD + head.title.height + 1, PDF_COLORS.muted);
      });
      doc
        .moveTo(MARGIN_X, top + height - 0.5)
        .lineTo(MARGIN_X + CONTENT_WIDTH, top + height - 0.5)
        .lineWidth(0.8)
        .stroke(PDF_COLORS.primary);
    },
  };
}

function rowBlock(doc: Doc, row: ParcelComparison['rows'][number], shaded: boolean, header: Block): Block {
  const width = columnWidth(row.values.length);
  const label = textBox(
    doc,
    row.differs ? 'semibold' : 'regular',
    8.5,
    row.label,
    LABEL_WIDTH - 2 * PAD - DIFF_BAR,
  );
  const cells = row.values.map((value, i) =>
    textBox(doc, row.ranks[i] ? 'semibold' : 'regular', 8.5, value, width - 2 * PAD),
  );
  const height = Math.max(label.height, ...cells.map((c) => c.height)) + 2 * PAD;
  return {
    height,
    repeatOnNewPage: header,
    draw(top) {
      if (shaded) doc.rect(MARGIN_X, top, CONTENT_WIDTH, height).fill(PDF_COLORS.zebra);
      if (row.differs) doc.rect(MARGIN_X, top, DIFF_BAR, height).fill(PDF_COLORS.primary);
      label.draw(MARGIN_X + DIFF_BAR + PAD, top + PAD, row.differs ? PDF_COLORS.text : PDF_COLORS.muted);
      cells.forEach((cell, i) => {
        const x = MARGIN_X + LABEL_WIDTH + i * width;
        const rank = row.ranks[i];
        if (rank) doc.rect(x, top, width, height).fill(RANK_FILLS[rank]);
        cell.draw(x + PAD, top + PAD, PDF_COLORS.text);
      });
      doc
        .moveTo(MARGIN_X, top + height)
        .lineTo(MARGIN_X + CONTENT_WIDTH, top + height)
        .lineWidth(0.3)
        .stroke(PDF_COLORS.rule);
    },
  };
}

/** What the marks mean and the quota and estimate caveats, under the table. */
function legendBlock(doc: Doc, t: LanguageTranslator): Block {
  const swatch = 9;
  const items = [
    { fill: PDF_COLORS.primary, text: t.t('compare.legend.differs'), bar: true },
    { fill: RANK_FILLS.best, text: t.t('compare.legend.best'), bar: false },
    { fill: RANK_FILLS.worst, text: t.t('compare.legend.worst'), bar: false },
  ];
  const note = textBox(doc, 'italic', 7.5, t.t('compare.pdf.note'), CONTENT_WIDTH);
  return {
    height: 12 + swatch + 8 + note.height,
    draw(top) {
      let x = MARGIN_X;
      const y = top + 12;
      for (const item of items) {
        doc.rect(x, y, item.bar ? DIFF_BAR : swatch, swatch).fill(item.fill);
        x += swatch + 4;
        doc.font('regular').fontSize(7.5).fillColor(PDF_COLORS.text);
        lineText(doc, item.text, x, y + 1);
        x += doc.widthOfString(item.text) + 16;
      }
      note.draw(MARGIN_X, y + swatch + 8, PDF_COLORS.muted);
    },
  };
}

function titleBlock(doc: Doc, comparison: ParcelComparison, t: LanguageTranslator, now: Date): number {
  const right = MARGIN_X + CONTENT_WIDTH;
  drawTitleLine(doc, t, {
    title: t.t('compare.pdf.title'),
    titleSize: 18,
    left: MARGIN_X,
    right,
    top: MARGIN_TOP,
    now,
  });
  doc.font('regular').fontSize(8).fillColor(PDF_COLORS.muted);
  const sites = comparison.parcels.filter((column) => column.parcels).length;
  const subtitle = sites
    ? t.t('compare.pdf.subtitleSites', { sites, parcels: comparison.parcels.length - sites })
    : t.t('compare.pdf.subtitle', { count: comparison.parcels.length });
  lineText(doc, subtitle, MARGIN_X, MARGIN_TOP + 24);
  return MARGIN_TOP + 42;
}

function pageFoot(
  doc: Doc,
  t: LanguageTranslator,
  options: ComparisonPdfOptions,
  page: number,
  pages: number,
) {
  doc
    .moveTo(MARGIN_X, FOOTER_TOP)
    .lineTo(MARGIN_X + CONTENT_WIDTH, FOOTER_TOP)
    .lineWidth(0.5)
    .stroke(PDF_COLORS.rule);
  const width = CONTENT_WIDTH - 120;
  const lines = [
    ...(options.demoData ? [{ text: t.t('report.pdf.demoNotice'), color: '#8a4b00' }] : []),
    { text: t.t('report.pdf.sources'), color: PDF_COLORS.muted },
  ];
  let y = FOOTER_TOP + 5;
  for (const line of lines) {
    const box = textBox(doc, 'regular', 6.5, line.text, width);
    box.draw(MARGIN_X, y, line.color);
    y += box.height + 1;
  }
  const right = MARGIN_X + CONTENT_WIDTH;
  doc.font('semibold').fontSize(7.5).fillColor(PDF_COLORS.text);
  lineText(doc, t.t('report.pdf.page', { page, pages }), right, FOOTER_TOP + 5, 'right');
}

/**
 * The comparison as a PDF: A4 landscape, the labels in the first column and one aligned column per
 * parcel; rows whose values differ carry a bar, the best and the worst figure of a ranked row a tint.
 * Drawn with the parcel report's fonts, colours, text boxes and paginator; the parcel heads repeat on
 * each page the table continues on.
 */
export function renderComparisonPdf(
  comparison: ParcelComparison,
  t: LanguageTranslator,
  options: ComparisonPdfOptions,
): Promise<{ pdf: Buffer; pages: number }> {
  const { doc, finish } = openReportDocument({
    size: [PAGE.width, PAGE.height],
    language: t.language,
    title: `${t.t('compare.pdf.title')} – ${comparison.parcels.map((p) => p.egrid.split(SITE_EGRID_SEPARATOR).join(', ')).join(', ')}`,
    now: options.now,
  });

  const firstTop = titleBlock(doc, comparison, t, options.now);
  const header = headerBlock(doc, comparison, t);
  const blocks: Block[] = [
    header,
    ...comparison.rows.map((row, i) => rowBlock(doc, row, i % 2 === 1, header)),
    legendBlock(doc, t),
  ];
  const pages = paginate(blocks, { firstTop, top: MARGIN_TOP, bottom: FOOTER_TOP - 10 });
  pages.forEach((placed, index) => {
    if (index > 0) doc.addPage();
    for (const { block, top } of placed) block.draw(top);
    pageFoot(doc, t, options, index + 1, pages.length);
  });
  return finish(pages.length).then((pdf) => ({ pdf, pages: pages.length }));
}
