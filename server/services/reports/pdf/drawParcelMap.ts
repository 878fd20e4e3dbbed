import type PDFDocument from 'pdfkit';
import type { FixedPoint } from '../../../../src/contract/Parcel';
import { formatLv95, formatLv95Value } from '../../../../src/lib/geo/lv95Format';
import { pointInRing, ringsBox } from '../../../geo/ring';
import { boxesOverlap, labelPoint, type Box } from '../map/labelPoint';
import { pointsPerMetre } from '../map/mapScale';
import type { Lv95Ring, ParcelSurroundings } from '../parcelSurroundings';
import type { ReportFont } from './reportFonts';

type Doc = InstanceType<typeof PDFDocument>;
type PagePoint = [number, number];

/** Where the map goes on the page, in PDF points. */
export interface MapBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapLabels {
  north: string;
  /** "Scale 1:1’000", formatted by the caller for the surroundings' scale. */
  scale: string;
  parcel: string;
  neighbours: string;
  buildings: string;
  otherBuildings: string;
  fixedPoints: string;
}

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

/** Space under the map for the bottom-right corner coordinate and the legend, points. */
export const MAP_FOOTER_HEIGHT = 30;
/** Space above the map for the top-left corner coordinate, points. */
export const MAP_HEADER_HEIGHT = 11;

/** A scale-bar length that is a round number of metres and about a fifth of the map. */
export function scaleBarMetres(mapWidthMetres: number): number {
  const target = mapWidthMetres / 5;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= target * 0.7) ?? 10;
  return step * magnitude;
}

/** LV95 → page, north up, the frame filling the box at the plan scale. */
function pageTransform(surroundings: ParcelSurroundings, box: MapBox) {
  const [minE, , , maxN] = surroundings.frame;
  const perMetre = pointsPerMetre(surroundings.scale);
  return {
    perMetre,
    point: ([e, n]: [number, number]): PagePoint => [
      box.x + (e - minE) * perMetre,
      box.y + (maxN - n) * perMetre,
    ],
  };
}

function ringPath(doc: Doc, rings: PagePoint[][]): void {
  for (const ring of rings) {
    ring.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    doc.closePath();
  }
}

/** Text with its box measured: the caller decides where it fits before anything is drawn. */
function measure(doc: Doc, font: ReportFont, size: number, text: string) {
  doc.font(font).fontSize(size);
  return { width: doc.widthOfString(text), height: doc.currentLineHeight() };
}

/** One line of text centred on a point; never wraps, so it can never start a page. */
function centredText(doc: Doc, text: string, [x, y]: PagePoint, width: number, height: number): void {
  doc.text(text, x - width / 2, y - height / 2, { lineBreak: false });
}

/** The buildings standing in a parcel (a vertex inside its outline), as holes its label keeps out of (ringsBox: [minX, maxX, minY, maxY]). */
function buildingsInside(parcel: PagePoint[][], buildings: PagePoint[][][]): PagePoint[][] {
  const outline = parcel[0];
  if (!outline) return [];
  const [minX, maxX, minY, maxY] = ringsBox([outline]);
  return buildings
    .map((rings) => rings[0])
    .filter((ring): ring is PagePoint[] => {
      if (!ring || ring.length < 3) return false;
      const [x, y] = ring[0];
      return x > minX && x < maxX && y > minY && y < maxY && pointInRing(x, y, outline);
    });
}

/**
 * A vector plan of the parcel at a plan scale (1:500, 1:1000 …): neighbouring parcels, buildings (the
 * parcel's own darker), the parcel highlighted, parcel numbers inside their parcels, fixed points, a
 * scale bar with the scale, a north arrow, the LV95 coordinates of two corners and a legend.
 *
 * Cannot break the page: the only clipped part is one save/clip/restore around the geometry; every
 * text is one line (lineBreak false), measured first and placed only where it fits inside the frame.
 * Draws between `box.y - MAP_HEADER_HEIGHT` and `box.y + box.height + MAP_FOOTER_HEIGHT`.
 */
export function drawParcelMap(
  doc: Doc,
  box: MapBox,
  surroundings: ParcelSurroundings,
  fixedPoints: readonly FixedPoint[],
  ownBuildingIds: ReadonlySet<string>,
  labels: MapLabels,
): void {
  const { perMetre, point } = pageTransform(surroundings, box);
  const toPage = (rings: Lv95Ring[]) => rings.map((ring) => ring.map(point));
  const neighbours = surroundings.neighbours.map((n) => ({ prcNo: n.prcNo, rings: toPage(n.rings) }));
  const parcel = toPage(surroundings.parcel.rings);
  const buildings = surroundings.buildings.map((b) => ({
    own: ownBuildingIds.has(b.objId),
    rings: toPage(b.rings),
  }));
  const frameBox: Box = [box.x, box.y, box.x + box.width, box.y + box.height];

  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.rect(box.x, box.y, box.width, box.height).fill(MAP_COLORS.panel);
  doc.lineWidth(0.35).lineJoin('round');
  for (const neighbour of neighbours) {
    ringPath(doc, neighbour.rings);
    doc.fillAndStroke(MAP_COLORS.neighbourFill, MAP_COLORS.neighbourStroke, 'even-odd');
  }
  ringPath(doc, parcel);
  doc.fill(MAP_COLORS.parcelFill, 'even-odd');
  for (const building of buildings) {
    ringPath(doc, building.rings);
    doc.lineWidth(0.25);
    const color = building.own ? MAP_COLORS.building : MAP_COLORS.otherBuilding;
    doc.fillAndStroke(color, color);
  }
  ringPath(doc, parcel);
  doc.lineWidth(1.8).stroke(MAP_COLORS.parcelStroke);
  for (const fixed of fixedPoints) {
    const [x, y] = point([fixed.FIX_COO_X, fixed.FIX_COO_Y]);
    doc.polygon([x, y - 3.8], [x + 3.4, y + 2.2], [x - 3.4, y + 2.2]).lineWidth(0.6);
    doc.fillAndStroke(MAP_COLORS.fixedPoint, MAP_COLORS.panel);
  }
  doc.restore();
  doc.lineWidth(0.8).rect(box.x, box.y, box.width, box.height).stroke(MAP_COLORS.frame);

  const taken: Box[] = [scaleBar(doc, box, perMetre, labels.scale), northArrow(doc, box, labels.north)];
  const buildingRings = buildings.map((b) => b.rings);
  /** A label in a parcel's free part (buildings kept out), else (`onPlate`) over its buildings on a white plate. */
  const place = (
    rings: PagePoint[][],
    text: string,
    font: ReportFont,
    size: number,
    color: string,
    onPlate: boolean,
  ) => {
    const { width, height } = measure(doc, font, size, text);
    // A parcel whose part in the frame is narrower than the label cannot hold it: no need to search.
    const [minX, maxX, minY, maxY] = ringsBox(rings.slice(0, 1));
    const visible = [
      Math.max(minX, box.x),
      Math.max(minY, box.y),
      Math.min(maxX, box.x + box.width),
      Math.min(maxY, box.y + box.height),
    ];
    if (visible[2] - visible[0] < width + 8 || visible[3] - visible[1] < height + 8) return false;
    const free = labelPoint(
      [...rings, ...buildingsInside(rings, buildingRings)],
      frameBox,
      width + 2,
      height,
      4,
    );
    const at = free ?? (onPlate ? labelPoint(rings, frameBox, width + 4, height + 2, 4) : null);
    if (!at) return false;
    const area: Box = [
      at[0] - width / 2 - 2,
      at[1] - height / 2 - 1,
      at[0] + width / 2 + 2,
      at[1] + height / 2 + 1,
    ];
    if (taken.some((other) => boxesOverlap(area, other))) return false;
    taken.push(area);
    if (!free) plate(doc, area);
    doc.font(font).fontSize(size).fillColor(color);
    centredText(doc, text, at, width, height);
    return true;
  };
  const own = surroundings.parcel.prcNo;
  if (!place(parcel, own, 'bold', 10, MAP_COLORS.parcelStroke, true)) {
    // A parcel too small for its number at this scale: the number on a plate at the parcel's middle.
    const { width, height } = measure(doc, 'bold', 10, own);
    const [minX, maxX, minY, maxY] = ringsBox(parcel.slice(0, 1));
    const at: PagePoint = [
      Math.min(Math.max((minX + maxX) / 2, box.x + width), box.x + box.width - width),
      Math.min(Math.max((minY + maxY) / 2, box.y + height), box.y + box.height - height),
    ];
    const area: Box = [
      at[0] - width / 2 - 2,
      at[1] - height / 2 - 1,
      at[0] + width / 2 + 2,
      at[1] + height / 2 + 1,
    ];
    taken.push(area);
    plate(doc, area);
    doc.font('bold').fontSize(10).fillColor(MAP_COLORS.parcelStroke);
    centredText(doc, own, at, width, height);
  }
  for (const neighbour of neighbours) {
    place(neighbour.rings, neighbour.prcNo, 'regular', 6.5, MAP_COLORS.neighbourText, false);
  }

  cornerCoordinates(doc, box, surroundings.frame);
  legend(doc, box, labels);
}

/** A white plate under a label that stands over buildings. */
function plate(doc: Doc, [minX, minY, maxX, maxY]: Box): void {
  doc.save();
  doc
    .fillOpacity(0.85)
    .roundedRect(minX, minY, maxX - minX, maxY - minY, 1.5)
    .fill(MAP_COLORS.panel);
  doc.restore();
}

/** Scale bar under "Scale 1:N", bottom left on a white panel; returns the panel's box. */
function scaleBar(doc: Doc, box: MapBox, perMetre: number, scaleText: string): Box {
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
function drawPanel(doc: Doc, panel: Box): void {
  doc.save();
  doc
    .fillOpacity(0.9)
    .rect(panel[0], panel[1], panel[2] - panel[0], panel[3] - panel[1])
    .fill(MAP_COLORS.panel);
  doc.restore();
}

/** North arrow, top right on a white panel; returns the panel's box. */
function northArrow(doc: Doc, box: MapBox, north: string): Box {
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

/** LV95 easting/northing of the top-left corner above the map and the bottom-right one below it. */
function cornerCoordinates(doc: Doc, box: MapBox, frame: ParcelSurroundings['frame']): void {
  const [minE, minN, maxE, maxN] = frame;
  const topLeft = formatLv95({ east: minE, north: maxN }, 0);
  const bottomRight = formatLv95({ east: maxE, north: minN }, 0);
  doc.font('regular').fontSize(6.5).fillColor('#5f5f5f');
  doc.text(topLeft, box.x, box.y - MAP_HEADER_HEIGHT + 1, { lineBreak: false });
  doc.text(bottomRight, box.x + box.width - doc.widthOfString(bottomRight), box.y + box.height + 3, {
    lineBreak: false,
  });
}

/** Legend entries on one line under the map, left of the bottom-right coordinate. */
function legend(doc: Doc, box: MapBox, labels: MapLabels): void {
  const y = box.y + box.height + 16;
  let x = box.x;
  const swatch = 10;
  const entry = (draw: (x: number) => void, text: string) => {
    draw(x);
    doc.font('regular').fontSize(7).fillColor(MAP_COLORS.text);
    doc.text(text, x + swatch + 4, y, { lineBreak: false });
    x += swatch + 4 + doc.widthOfString(text) + 14;
  };
  const rect = (at: number) => doc.rect(at, y + 0.5, swatch, 7);
  entry(
    (at) => rect(at).lineWidth(1.4).fillAndStroke(MAP_COLORS.parcelFill, MAP_COLORS.parcelStroke),
    labels.parcel,
  );
  entry(
    (at) => rect(at).lineWidth(0.4).fillAndStroke(MAP_COLORS.neighbourFill, MAP_COLORS.neighbourStroke),
    labels.neighbours,
  );
  entry((at) => rect(at).fill(MAP_COLORS.building), labels.buildings);
  entry((at) => rect(at).fill(MAP_COLORS.otherBuilding), labels.otherBuildings);
  entry(
    (at) =>
      doc
        .polygon([at + swatch / 2, y], [at + swatch / 2 + 4, y + 7.5], [at + swatch / 2 - 4, y + 7.5])
        .fill(MAP_COLORS.fixedPoint),
    labels.fixedPoints,
  );
}
