import type PDFDocument from 'pdfkit';
import type { FixedPoint } from '../../../../src/contract/Parcel';
import { formatLv95 } from '../../../../src/lib/geo/lv95Format';
import { ringsBox } from '../../../geo/ring';
import { innerPoint, type Box } from '../map/labelPoint';
import { pointsPerMetre } from '../map/mapScale';
import type { Lv95Ring, ParcelSurroundings } from '../parcelSurroundings';
import {
  centredText,
  MAP_COLORS,
  measure,
  northArrow,
  plate,
  ringPath,
  scaleBar,
  type MapBox,
  type PagePoint,
} from './mapMarks';
import { parcelLabelPlacer } from './parcelLabels';

type Doc = InstanceType<typeof PDFDocument>;

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

/** Space under the map for the bottom-right corner coordinate and the legend, points. */
export const MAP_FOOTER_HEIGHT = 30;
/** Space above the map for the top-left corner coordinate, points. */
export const MAP_HEADER_HEIGHT = 11;

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
  /** For a site: the parcels it unites, drawn inside its outline and numbered like it (`parcel` is the site). */
  members: ReadonlySet<string> = new Set(),
): void {
  const { perMetre, point } = pageTransform(surroundings, box);
  const toPage = (rings: Lv95Ring[]) => rings.map((ring) => ring.map(point));
  const neighbours = surroundings.neighbours.map((n) => ({
    prcNo: n.prcNo,
    member: members.has(n.prcId),
    rings: toPage(n.rings),
  }));
  const parcel = toPage(surroundings.parcel.rings);
  const buildings = surroundings.buildings.map((b) => ({
    own: ownBuildingIds.has(b.objId),
    rings: toPage(b.rings),
  }));

  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.rect(box.x, box.y, box.width, box.height).fill(MAP_COLORS.panel);
  doc.lineWidth(0.35).lineJoin('round');
  for (const neighbour of neighbours) {
    ringPath(doc, neighbour.rings);
    if (neighbour.member) doc.fillAndStroke(MAP_COLORS.parcelFill, MAP_COLORS.parcelStroke, 'even-odd');
    else doc.fillAndStroke(MAP_COLORS.neighbourFill, MAP_COLORS.neighbourStroke, 'even-odd');
  }
  ringPath(doc, parcel);
  doc.fill(MAP_COLORS.parcelFill, 'even-odd');
  for (const building of buildings) {
    ringPath(doc, building.rings);
    doc.lineWidth(0.25);
    const color = building.own ? MAP_COLORS.building : MAP_COLORS.otherBuilding;
    doc.fillAndStroke(color, color);
  }
  // A site's parcels: their shared boundaries inside the site's outline.
  for (const member of neighbours.filter((n) => n.member)) {
    ringPath(doc, member.rings);
    doc.lineWidth(0.6).stroke(MAP_COLORS.parcelStroke);
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
  const place = parcelLabelPlacer(
    doc,
    box,
    taken,
    buildings.map((b) => b.rings),
  );
  const own = surroundings.parcel.prcNo;
  const ownStyle = { font: 'bold', size: 10, color: MAP_COLORS.parcelStroke, onPlate: true } as const;
  if (own && !place(parcel, own, ownStyle)) {
    // A parcel too narrow for its number at this scale: the number on a plate centred on a point inside
    // the parcel (not its box's middle, which lies beside a bent road).
    const { width, height } = measure(doc, 'bold', 10, own);
    const [minX, maxX, minY, maxY] = ringsBox(parcel.slice(0, 1));
    const [inX, inY] = innerPoint(parcel, [box.x, box.y, box.x + box.width, box.y + box.height]) ?? [
      (minX + maxX) / 2,
      (minY + maxY) / 2,
    ];
    const at: PagePoint = [
      Math.min(Math.max(inX, box.x + width), box.x + box.width - width),
      Math.min(Math.max(inY, box.y + height), box.y + box.height - height),
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
  for (const member of neighbours.filter((n) => n.member)) {
    place(member.rings, member.prcNo, { ...ownStyle, size: 9 });
  }
  for (const neighbour of neighbours.filter((n) => !n.member)) {
    place(neighbour.rings, neighbour.prcNo, {
      font: 'regular',
      size: 6.5,
      color: MAP_COLORS.neighbourText,
      onPlate: false,
    });
  }

  cornerCoordinates(doc, box, surroundings.frame);
  legend(doc, box, labels);
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
