import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** What Poppler makes of a PDF: its page count, each page's text and anything it complained about. */
export interface PopplerReading {
  pages: number;
  /** The first page's size in points, as pdfinfo reads it. */
  pageSize: { width: number; height: number };
  pageTexts: string[];
  warnings: string[];
}

/**
 * Reads a PDF with Poppler: pdfinfo for the page count, pdftotext page by page, and pdftoppm rendering
 * every page (to `pngPrefix` when given, else a temporary directory). Anything on stderr is a warning.
 */
export function readWithPoppler(pdf: Buffer, pngPrefix?: string, resolution = 40): PopplerReading {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-poppler-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    const warnings: string[] = [];
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (result.status !== 0) warnings.push(`${command} exited with ${result.status}`);
      if (result.stderr.trim()) warnings.push(`${command}: ${result.stderr.trim()}`);
      return result.stdout;
    };
    const info = run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    const pageSize = { width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) };
    const pageTexts = Array.from({ length: pages }, (_, i) =>
      run('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(i + 1), '-l', String(i + 1), file, '-']),
    );
    run('pdftoppm', ['-r', String(resolution), '-png', file, pngPrefix ?? path.join(dir, 'page')]);
    return { pages, pageSize, pageTexts, warnings };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Renders every page with pdf.js (pdfjs-dist's legacy build for Node, onto @napi-rs/canvas) at warning
 * verbosity, in a plain Node child process (jest's module runtime refuses pdf.js's dynamic imports).
 * Returns the page count and every warning or error pdf.js printed.
 */
export function renderWithPdfJs(pdf: Buffer): PdfJsReading {
  return renderAllWithPdfJs([pdf])[0];
}

export interface PdfJsReading {
  pages: number;
  warnings: string[];
}

/**
 * `renderWithPdfJs` for several documents in one child process: starting Node and loading pdf.js costs about
 * half a second, more than rendering a report's pages.
 */
export function renderAllWithPdfJs(pdfs: Buffer[]): PdfJsReading[] {
  const script = `
    const warnings = [];
    for (const level of ['log', 'warn', 'error']) console[level] = (...args) => warnings.push(args.join(' '));
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const { createCanvas } = await import('@napi-rs/canvas');
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const readings = [];
    for (const base64 of JSON.parse(Buffer.concat(chunks).toString('utf8'))) {
      warnings.length = 0;
      const doc = await pdfjs.getDocument({
        data: new Uint8Array(Buffer.from(base64, 'base64')),
        verbosity: pdfjs.VerbosityLevel.WARNINGS,
        stopAtErrors: true,
        isEvalSupported: false,
      }).promise;
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 0.5 });
        const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
        await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
        await page.getTextContent();
      }
      readings.push({ pages: doc.numPages, warnings: [...warnings] });
      await doc.destroy();
    }
    process.stdout.write(JSON.stringify(readings));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(pdfs.map((pdf) => pdf.toString('base64'))),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out) as PdfJsReading[];
}

/**
 * The q/Q operators of each page's content stream (inflated when Flate-compressed): counts, the lowest
 * nesting depth reached (negative: a Q without its q) and the depth at the end.
 */
export function graphicsStateBalance(pdf: Buffer): { q: number; Q: number; lowest: number; end: number }[] {
  const text = pdf.toString('latin1');
  const objectStream = (id: string): Buffer => {
    const at = new RegExp(`(?:^|\\s)${id} 0 obj\\s*<<([\\s\\S]*?)>>\\s*stream\\r?\\n`).exec(text);
    if (!at) throw new Error(`No stream object ${id}`);
    const start = at.index + at[0].length;
    const length = Number(/\/Length (\d+)/.exec(at[1])?.[1]);
    const raw = pdf.subarray(start, start + length);
    return /\/FlateDecode/.test(at[1]) ? zlib.inflateSync(raw) : raw;
  };
  const pages = [...text.matchAll(/<<[^>]*\/Type \/Page\b[^>]*?\/Contents (\d+) 0 R/g)];
  return pages.map(([, contents]) => {
    let depth = 0;
    let lowest = 0;
    let q = 0;
    let Q = 0;
    for (const token of objectStream(contents).toString('latin1').split(/\s+/)) {
      if (token === 'q') {
        q++;
        depth++;
      } else if (token === 'Q') {
        Q++;
        depth--;
        lowest = Math.min(lowest, depth);
      }
    }
    return { q, Q, lowest, end: depth };
  });
}

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };

/** pdftotext -bbox writes XHTML: its five named entities back to characters. */
const decodeEntities = (text: string) =>
  text.replace(/&(amp|apos|quot|lt|gt);/g, (_, name: string) => ENTITIES[name]);

/** The words of a page with their boxes (PDF points from the top left), as `pdftotext -bbox` gives them. */
export function wordBoxes(pdf: Buffer, page: number): { text: string; x: number; y: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
  return [...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)].map(
    ([, x0, y0, x1, y1, text]) => ({
      text: decodeEntities(text),
      x: (Number(x0) + Number(x1)) / 2,
      y: (Number(y0) + Number(y1)) / 2,
    }),
  );
}

/**
 * A part of page 1 rendered by Poppler in grey (pdftoppm -gray, a PGM): `box` in PDF points from the
 * top left, at `dpi`. Returns the pixels row by row (0 black … 255 white) and the pixel size in points.
 */
export function renderGrey(
  pdf: Buffer,
  box: { x: number; y: number; width: number; height: number },
  dpi: number,
): { width: number; height: number; pixels: Uint8Array; pointsPerPixel: number } {
  const px = (points: number) => Math.round((points * dpi) / 72);
  const pgm = execFileSync(
    'pdftoppm',
    [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-x',
      String(px(box.x)),
      '-y',
      String(px(box.y)),
      '-W',
      String(px(box.width)),
      '-H',
      String(px(box.height)),
      '-',
    ],
    { input: pdf, maxBuffer: 256 * 1024 * 1024 },
  );
  // P5 header: magic, width, height, maxval, each separated by whitespace, then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not answer a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: pgm.subarray(header[0].length), pointsPerPixel: 72 / dpi };
}
