import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { woffToSfnt } from './woffToSfnt';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The report's typeface: Inter (SIL Open Font License, @fontsource/inter), Latin subset — every letter
 * of German, French, Italian and Romansh, the Swiss apostrophe, en dash and typographic quotes. The
 * package ships WOFF, unpacked here to TrueType once (fontkit would inflate the compressed glyph table
 * again for each glyph of each report's subset); pdfkit embeds the subset of glyphs a report uses.
 */
export const REPORT_FONTS = {
  regular: 'inter-latin-400-normal.woff',
  italic: 'inter-latin-400-italic.woff',
  semibold: 'inter-latin-600-normal.woff',
  bold: 'inter-latin-700-normal.woff',
} as const;

export type ReportFont = keyof typeof REPORT_FONTS;

const require_ = createRequire(__filename);
let files: Record<ReportFont, Buffer> | null = null;

/**
 * Glyph substitution and positioning (ligatures, contextual alternates, kerning) are left out: reading and
 * applying Inter's tables was most of a report's time, and the report's short labels and figures need
 * none of it (advance widths come from hmtx).
 */
const LEFT_OUT_TABLES = ['GSUB', 'GPOS'];

/** The fonts as TrueType, read and unpacked once per process. */
function reportFontFiles(): Record<ReportFont, Buffer> {
  if (!files) {
    const dir = path.join(path.dirname(require_.resolve('@fontsource/inter/package.json')), 'files');
    files = Object.fromEntries(
      Object.entries(REPORT_FONTS).map(([name, file]) => [
        name,
        woffToSfnt(fs.readFileSync(path.join(dir, file)), LEFT_OUT_TABLES),
      ]),
    ) as Record<ReportFont, Buffer>;
  }
  return files;
}

/** Registers the report fonts under their names (`doc.font('bold')`) and selects the regular one. */
export function registerReportFonts(doc: Doc): void {
  // A fontkit font per document: fontkit keeps each glyph with the characters it was first laid out
  // for, and a font shared between documents gave later reports wrong text (copy, search) for ’.
  for (const [name, file] of Object.entries(reportFontFiles())) doc.registerFont(name, file);
  doc.font('regular');
}
