import type PDFDocument from 'pdfkit';
import { formatLv95Value } from '../../../../src/lib/geo/lv95Format';
import type { Box } from '../map/labelPoint';
import type { ReportFont } from './reportFonts';

/**
 * What every plan Parcel Atlas prints is drawn with (the parcel report's map, the map print): the
 * colours, outlines as paths, measured one-line labels on white plates, and the map's furniture — the
 * scale bar with its "Scale 1:N" and the north arrow on translucent panels inside the frame.
 */

type Doc = InstanceType<typeof PDFDocument>;
export type PagePoint = [number, number];

export const MAP_COLORS = {
  parcelStroke: '#0f5d66',
  parcelFill: '#cfe8ea',
  neighbourStroke: '#a3a3a3',
  neighbourFill: '#f6f5f1',
  building: '#4a4a4a',
  otherBuilding: '#b9b6ae',
  fixedPoint: '#c2185b',
  text: '#2b2b2b',
  neighbourText: '#5f5f5f',
  frame: '#7a7a7a',
  panel: '#ffffff',
} as const;

/** Where the map goes on the page, in PDF points. */
export interface MapBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A scale-bar length that is a round number of metres and about a fifth of the map. */
export function scaleBarMetres(mapWidthMetres: number): number {
  const target = mapWidthMetres / 5;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= target * 0.7) ?? 10;
  return step * magnitude;
}

export function ringPath(doc: Doc, rings: PagePoint[][]): void {
  for (const ring of rings) {
    ring.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    doc.closePath();
  }
}

/** Text with its box measured: the caller decides where it fits before anything is drawn. */
export function measure(doc: Doc, font: ReportFont, size: number, text: string) {
  doc.font(font).fontSize(size);
  return { width: doc.widthOfString(text), height: doc.currentLineHeight() };
}

/** One line of text centred on a point; never wraps, so it can never start a page. */
export function centredText(doc: Doc, text: string, [x, y]: PagePoint, width: number, height: number): void {
  doc.text(text, x - width / 2, y - height / 2, { lineBreak: false });
}

/** A white plate under a label that stands over buildings. */
export function plate(doc: Doc, [minX, minY, maxX, maxY]: Box): void {
  doc.save();
  doc
    .fillOpacity(0.85)
    .roundedRect(minX, minY, maxX - minX, maxY - minY, 1.5)
    .fill(MAP_COLORS.panel);
  doc.restore();
}

/** Scale bar under "Scale 1:N", bottom left on a white panel; returns the panel's box. */
export function scaleBar(doc: Doc, box: MapBox, perMetre: number, scaleText: string): Box {
  const metres = scaleBarMetres(box.width / perMetre);
  const barWidth = metres * perMetre;
  const caption = measure(doc, 'semibold', 7, scaleText);
  const endLabel = `${formatLv95Value(metres, 0)} m`;
  const end = measure(doc, 'regular', 6.5, endLabel);
  const panelWidth = Math.max(barWidth + end.width / 2 + 14, caption.width + 12);
  const panel: Box = [box.x + 6, box.y + box.height - 36, box.x + 6 + panelWidth, box.y + box.height - 6];
  drawPanel(doc, panel);
  const x = panel[0] + 6;
  const barY = panel[3] - 8;
  doc.rect(x, barY, barWidth / 2, 3).fill(MAP_COLORS.text);
  doc
    .rect(x + barWidth / 2, barY, barWidth / 2, 3)
    .lineWidth(0.5)
    .fillAndStroke(MAP_COLORS.panel, MAP_COLORS.text);
  doc.fillColor(MAP_COLORS.text);
  doc
    .font('semibold')
    .fontSize(7)
    .text(scaleText, x, panel[1] + 3, { lineBreak: false });
  doc.font('regular').fontSize(6.5);
  doc.text('0', x - doc.widthOfString('0') / 2, barY - end.height - 0.5, { lineBreak: false });
  doc.text(endLabel, x + barWidth - end.width / 2, barY - end.height - 0.5, { lineBreak: false });
  return panel;
}

/** The translucent white backdrop the scale bar and the north arrow stand on. */
export function drawPanel(doc: Doc, panel: Box): void {
  doc.save();
  doc
    .fillOpacity(0.9)
    .rect(panel[0], panel[1], panel[2] - panel[0], panel[3] - panel[1])
    .fill(MAP_COLORS.panel);
  doc.restore();
}

/** North arrow, top right on a white panel; returns the panel's box. */
export function northArrow(doc: Doc, box: MapBox, north: string): Box {
  const panel: Box = [box.x + box.width - 30, box.y + 6, box.x + box.width - 6, box.y + 42];
  const cx = (panel[0] + panel[2]) / 2;
  drawPanel(doc, panel);
  const top = panel[1] + 14;
  doc.polygon([cx, top], [cx + 6, top + 19], [cx, top + 14]).fill(MAP_COLORS.text);
  doc
    .polygon([cx, top], [cx - 6, top + 19], [cx, top + 14])
    .lineWidth(0.6)
    .fillAndStroke(MAP_COLORS.panel, MAP_COLORS.text);
  const { width } = measure(doc, 'bold', 8, north);
  doc.fillColor(MAP_COLORS.text).text(north, cx - width / 2, panel[1] + 3, { lineBreak: false });
  return panel;
}
