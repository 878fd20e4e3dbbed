import type PDFDocument from 'pdfkit';
import type { ReportSection, ReportTable } from '../reportSections';
import type { Block } from './paginate';
import type { ReportFont } from './reportFonts';

type Doc = InstanceType<typeof PDFDocument>;

export const PDF_COLORS = {
  primary: '#0f5d66',
  text: '#1f1f1f',
  muted: '#5f5f5f',
  rule: '#d6d6d6',
  zebra: '#f4f7f7',
  warning: '#b3261e',
} as const;

/** Where the columns of the page's content are, points. */
export interface Column {
  x: number;
  width: number;
}

const LABEL_SHARE = 0.38;
const ROW_PAD = 3;
const CELL_PAD = 3;

/** Text measured in a font and width; drawn with that height, so pdfkit never wraps onto a new page. */
export function textBox(doc: Doc, font: ReportFont, size: number, text: string, width: number) {
  doc.font(font).fontSize(size);
  const height = doc.heightOfString(text, { width });
  return {
    height,
    draw(x: number, y: number, color: string, align: 'left' | 'right' = 'left') {
      doc.font(font).fontSize(size).fillColor(color);
      doc.text(text, x, y, { width, height: height + 1, align });
    },
  };
}

function headingBlock(doc: Doc, column: Column, title: string, section: string): Block {
  const text = textBox(doc, 'semibold', 12, title, column.width);
  return {
    height: 14 + text.height + 7,
    keepWithNext: true,
    marks: { section, role: 'heading' },
    draw(top) {
      text.draw(column.x, top + 14, PDF_COLORS.primary);
      const y = top + 14 + text.height + 2;
      doc
        .moveTo(column.x, y)
        .lineTo(column.x + column.width, y)
        .lineWidth(0.8)
        .stroke(PDF_COLORS.primary);
    },
  };
}

function rowBlock(
  doc: Doc,
  column: Column,
  row: ReportSection['rows'][number],
  shaded: boolean,
  marks?: Block['marks'],
): Block {
  const labelWidth = column.width * LABEL_SHARE - 8;
  const valueWidth = column.width * (1 - LABEL_SHARE) - 4;
  const label = textBox(doc, 'regular', 8.5, row.label, labelWidth);
  const value = textBox(doc, row.warning ? 'bold' : 'regular', 9, row.value, valueWidth);
  const height = Math.max(label.height, value.height) + 2 * ROW_PAD;
  return {
    height,
    marks,
    draw(top) {
      if (shaded) doc.rect(column.x, top, column.width, height).fill(PDF_COLORS.zebra);
      label.draw(column.x + 4, top + ROW_PAD + 0.4, PDF_COLORS.muted);
      value.draw(
        column.x + column.width * LABEL_SHARE,
        top + ROW_PAD,
        row.warning ? PDF_COLORS.warning : PDF_COLORS.text,
      );
    },
  };
}

/** Column widths from the longest word and the full text of each column, scaled to the page. */
function columnWidths(doc: Doc, table: ReportTable, width: number): number[] {
  const widest = (font: ReportFont, size: number, text: string) => {
    doc.font(font).fontSize(size);
    return {
      word: Math.max(...text.split(/\s+/).map((w) => doc.widthOfString(w))),
      full: doc.widthOfString(text),
    };
  };
  const wants = table.columns.map((header, c) => {
    const cells = [
      widest('semibold', 7.5, header),
      ...table.rows.map((row) => widest('regular', 8, row[c] ?? '')),
    ];
    return {
      min: Math.max(...cells.map((m) => m.word)) + 2 * CELL_PAD,
      full: Math.max(...cells.map((m) => m.full)) + 2 * CELL_PAD,
    };
  });
  const minTotal = wants.reduce((s, w) => s + w.min, 0);
  const fullTotal = wants.reduce((s, w) => s + w.full, 0);
  if (fullTotal <= width) return wants.map((w) => (w.full / fullTotal) * width);
  // Every column gets its longest word, the rest of the width goes by how much more each would like.
  const spare = Math.max(0, width - minTotal);
  const extra = fullTotal - minTotal || 1;
  const widths = wants.map((w) => w.min + ((w.full - w.min) / extra) * spare);
  const total = widths.reduce((s, w) => s + w, 0);
  return widths.map((w) => (w / total) * width);
}

function tableLine(
  doc: Doc,
  column: Column,
  widths: number[],
  cells: string[],
  header: boolean,
  shaded: boolean,
): Block {
  const font: ReportFont = header ? 'semibold' : 'regular';
  const size = header ? 7.5 : 8;
  const boxes = cells.map((cell, i) => textBox(doc, font, size, cell, widths[i] - 2 * CELL_PAD));
  const height = Math.max(...boxes.map((b) => b.height)) + 2 * ROW_PAD;
  return {
    height,
    draw(top) {
      if (shaded) doc.rect(column.x, top, column.width, height).fill(PDF_COLORS.zebra);
      let x = column.x;
      boxes.forEach((box, i) => {
        box.draw(x + CELL_PAD, top + ROW_PAD, header ? PDF_COLORS.muted : PDF_COLORS.text);
        x += widths[i];
      });
      if (header) {
        doc
          .moveTo(column.x, top + height - 0.5)
          .lineTo(column.x + column.width, top + height - 0.5)
          .lineWidth(0.6)
          .stroke(PDF_COLORS.muted);
      }
    },
  };
}

function tableBlocks(doc: Doc, column: Column, table: ReportTable, section: string, first: boolean): Block[] {
  if (table.rows.length === 0) {
    const empty = textBox(doc, 'italic', 8.5, table.empty, column.width - 8);
    return [
      {
        height: empty.height + 2 * ROW_PAD,
        marks: first ? { section, role: 'firstRow' } : undefined,
        draw: (top) => empty.draw(column.x + 4, top + ROW_PAD, PDF_COLORS.muted),
      },
    ];
  }
  const widths = columnWidths(doc, table, column.width);
  const header = { ...tableLine(doc, column, widths, table.columns, true, false), keepWithNext: true };
  const rows = table.rows.map((cells, i) => ({
    ...tableLine(doc, column, widths, cells, false, i % 2 === 1),
    repeatOnNewPage: header,
  }));
  return [
    { ...header, marks: first ? { section, role: 'firstRow' } : undefined },
    ...rows.map((row, i) => (i === 0 ? { ...row, repeatOnNewPage: undefined } : row)),
  ];
}

function noteBlock(doc: Doc, column: Column, text: string): Block {
  const box = textBox(doc, 'italic', 7.5, text, column.width - 8);
  return { height: box.height + 8, draw: (top) => box.draw(column.x + 4, top + 5, PDF_COLORS.muted) };
}

/**
 * A section as blocks: heading (kept with what follows it), label/value rows, a table whose header is
 * kept with its first row and repeated on each page it continues on, and a note. The heading's section
 * id and the first row are marked, so a test can check that they share a page.
 */
export function sectionBlocks(doc: Doc, column: Column, section: ReportSection): Block[] {
  const blocks: Block[] = [headingBlock(doc, column, section.title, section.id)];
  section.rows.forEach((row, i) =>
    blocks.push(
      rowBlock(
        doc,
        column,
        row,
        i % 2 === 1,
        i === 0 ? { section: section.id, role: 'firstRow' } : undefined,
      ),
    ),
  );
  if (section.table)
    blocks.push(...tableBlocks(doc, column, section.table, section.id, section.rows.length === 0));
  if (section.note) blocks.push(noteBlock(doc, column, section.note));
  // A note stays on the page of the row above it.
  const last = blocks.length - 1;
  if (section.note && last > 0) blocks[last - 1] = { ...blocks[last - 1], keepWithNext: true };
  return blocks;
}
