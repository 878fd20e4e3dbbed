import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
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
let fonts: Record<ReportFont, fontkit.Font> | null = null;

/**
 * Glyph substitution (ligatures, Inter's contextual alternates) is left out: a report needs none of it,
 * and its lookups were most of a report's time. Kerning (GPOS) stays.
 */
const LEFT_OUT_TABLES = ['GSUB'];

/**
 * The fonts, parsed once per process. pdfkit takes a parsed fontkit font as well as a file; parsing
 * the file for each document (its kerning and ligature tables above all) cost ~200 ms a report.
 */
function reportFonts(): Record<ReportFont, fontkit.Font> {
  if (!fonts) {
    const dir = path.join(path.dirname(require_.resolve('@fontsource/inter/package.json')), 'files');
    fonts = Object.fromEntries(
      Object.entries(REPORT_FONTS).map(([name, file]) => [
        name,
        fontkit.create(woffToSfnt(fs.readFileSync(path.join(dir, file)), LEFT_OUT_TABLES)) as fontkit.Font,
      ]),
    ) as Record<ReportFont, fontkit.Font>;
  }
  return fonts;
}

/** Registers the report fonts under their names (`doc.font('bold')`) and selects the regular one. */
export function registerReportFonts(doc: Doc): void {
  for (const [name, font] of Object.entries(reportFonts())) {
    // @types/pdfkit lists files and buffers only; pdfkit 0.20 also takes a fontkit font (PDFFontFactory).
    doc.registerFont(name, font as unknown as Buffer);
  }
  doc.font('regular');
}
