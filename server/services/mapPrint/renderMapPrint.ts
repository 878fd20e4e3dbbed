import {
  paperSize,
  PRINT_LAYOUT_MM,
  printMapSize,
  type MapPrintRequest,
} from '../../../src/contract/MapPrint';
import { formatLv95Value } from '../../../src/lib/geo/lv95Format';
import type { LanguageTranslator } from '../i18n/ServerTranslator';
import type { Box } from '../reports/map/labelPoint';
import { MM_PER_POINT, pointsPerMetre } from '../reports/map/mapScale';
import type { MapBox } from '../reports/pdf/mapMarks';
import { drawTitleLine, lineText, openReportDocument } from '../reports/pdf/reportDocument';
import { PDF_COLORS } from '../reports/pdf/sectionBlocks';
import { drawPrintMap, gridStep } from './drawPrintMap';
import { drawLegend, legendEntries } from './printLegend';
import type { PrintContent } from './printContent';
import { drawQrCode } from './qrCodeMarks';

const points = (mm: number) => mm / MM_PER_POINT;

const QR_SIZE = 62;
const QR_BLOCK = 92;

export interface MapPrintOptions {
  now: Date;
  /** Print the notice that the data are synthetic demo data. */
  demoData: boolean;
  /** The share link of the view, encoded in the QR code. */
  link: string;
}

export interface RenderedMapPrint {
  pdf: Buffer;
  /** The map frame on the page and the scale bar's panel, PDF points from the top left. */
  map: MapBox;
  scaleBarPanel: Box;
  /** The page in points. */
  page: { width: number; height: number };
}

/** The longest cut of the title that fits `width` at the largest size from 16 down to 10 points. */
function titleFit(
  doc: ReturnType<typeof openReportDocument>['doc'],
  title: string,
  width: number,
): { text: string; size: number } {
  for (let size = 16; size >= 10; size--) {
    doc.font('bold').fontSize(size);
    if (doc.widthOfString(title) <= width) return { text: title, size };
  }
  let cut = title;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: 10 };
}

/**
 * The map print (ADR 033): one page of the chosen paper and orientation. On top the user's title (or
 * "Map print"), the paper, scale and centre, the brand and the print date (Swiss time); the map at
 * exactly 1:scale in LV95 (drawPrintMap); below it the legend of the switched-on layers, the QR code of
 * the view's share link, the demo-data notice and the sources. No text wraps and every size is
 * computed from the paper, so pdfkit never adds a page (openReportDocument's finish checks it).
 */
export function renderMapPrint(
  request: MapPrintRequest,
  content: PrintContent,
  t: LanguageTranslator,
  options: MapPrintOptions,
): Promise<RenderedMapPrint> {
  const page = paperSize(request.paper, request.orientation);
  const size = { width: points(page.width), height: points(page.height) };
  const margin = points(PRINT_LAYOUT_MM.margin);
  const mapMm = printMapSize(request.paper, request.orientation);
  const map: MapBox = {
    x: margin,
    y: margin + points(PRINT_LAYOUT_MM.header),
    width: points(mapMm.width),
    height: points(mapMm.height),
  };
  const right = size.width - margin;
  const title = request.title?.trim() || t.t('print.pdf.defaultTitle');
  const { doc, finish } = openReportDocument({
    size: [size.width, size.height],
    language: t.language,
    title: `${title} – Parcel Atlas`,
    subject: t.t('print.pdf.subject', { scale: formatLv95Value(request.scale, 0) }),
    now: options.now,
  });

  const fit = titleFit(doc, title, map.width - 130);
  drawTitleLine(doc, t, {
    title: fit.text,
    titleSize: fit.size,
    left: margin,
    right,
    top: margin - 2,
    now: options.now,
    dateId: 'print.pdf.date',
  });
  doc.font('regular').fontSize(8).fillColor(PDF_COLORS.muted);
  lineText(
    doc,
    t.t('print.pdf.subtitle', {
      paper: request.paper,
      orientation: t.t(`print.${request.orientation}`),
      scale: formatLv95Value(request.scale, 0),
      east: formatLv95Value(request.center.east, 0),
      north: formatLv95Value(request.center.north, 0),
      step: formatLv95Value(gridStep(map.width / pointsPerMetre(request.scale)), 0),
    }),
    margin,
    margin + 20,
  );

  const drawn = drawPrintMap(doc, map, content, request.scale, {
    north: t.t('report.map.north'),
    scale: t.t('report.map.scale', { scale: formatLv95Value(request.scale, 0) }),
  });

  // Below the map: legend on the left, the QR code on the right, notice and sources at the foot.
  const footTop = map.y + map.height + 7;
  const bottom = size.height - margin;
  const sourcesTop = bottom - 17;
  drawLegend(
    doc,
    legendEntries(request.layers, drawn.classesShown, t),
    {
      x: margin,
      y: footTop,
      width: map.width - QR_BLOCK - 10,
      height: sourcesTop - 3 - footTop,
    },
    t,
  );
  const qrX = right - QR_SIZE - (QR_BLOCK - QR_SIZE) / 2;
  drawQrCode(doc, options.link, qrX, footTop - 2, QR_SIZE);
  const caption = t.t('print.pdf.qrCaption');
  doc.font('regular').fontSize(6);
  const captionWidth = Math.min(doc.widthOfString(caption), QR_BLOCK);
  doc.fillColor(PDF_COLORS.muted);
  lineText(doc, caption, right - QR_BLOCK / 2 - captionWidth / 2, footTop + QR_SIZE);

  doc
    .moveTo(margin, sourcesTop - 2)
    .lineTo(right, sourcesTop - 2)
    .lineWidth(0.5)
    .stroke(PDF_COLORS.rule);
  if (options.demoData) {
    doc.font('semibold').fontSize(6.5).fillColor('#8a4b00');
    lineText(doc, t.t('report.pdf.demoNotice'), margin, sourcesTop + 1);
  }
  doc.font('regular').fontSize(6.5).fillColor(PDF_COLORS.muted);
  lineText(doc, t.t('report.pdf.sources'), margin, sourcesTop + 9);

  return finish(1).then((pdf) => ({ pdf, map, scaleBarPanel: drawn.scaleBarPanel, page: size }));
}
