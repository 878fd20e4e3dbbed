import type PDFDocument from 'pdfkit';
import type { FixedPoint } from '../../../../src/contract/Parcel';
import { formatNumber } from '../../../../src/lib/format/numbers';
import type { Lv95Ring, ParcelSurroundings } from '../parcelSurroundings';

type Doc = InstanceType<typeof PDFDocument>;

/** Where the map goes on the page, in PDF points. */
export interface MapBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapLabels {
  /** "Scale" caption under the bar is not needed; the bar carries its length. */
  north: string;
  /** The legend texts. */
  parcel: string;
  neighbours: string;
  buildings: string;
  fixedPoints: string;
}

const COLORS = {
  parcelStroke: '#176b73',
  parcelFill: '#d5eef0',
  neighbourStroke: '#9e9e9e',
  neighbourFill: '#f5f5f5',
  building: '#5d5d5d',
  fixedPoint: '#f50057',
  text: '#333333',
  frame: '#bdbdbd',
};

/** The LV95 → page transform of a frame fitted into a box (same scale on both axes, north up). */
function fitFrame(frame: ParcelSurroundings['frame'], box: MapBox) {
  const [minE, minN, maxE, maxN] = frame;
  const scale = Math.min(box.width / (maxE - minE), box.height / (maxN - minN));
  const offsetX = box.x + (box.width - (maxE - minE) * scale) / 2;
  const offsetY = box.y + (box.height - (maxN - minN) * scale) / 2;
  return {
    scale,
    point: ([e, n]: [number, number]): [number, number] => [
      offsetX + (e - minE) * scale,
      offsetY + (maxN - n) * scale,
    ],
  };
}

/** A scale-bar length that is a round number of metres and about a quarter of the map. */
export function scaleBarMetres(mapWidthMetres: number): number {
  const target = mapWidthMetres / 4;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= target * 0.7) ?? 10;
  return step * magnitude;
}

function ringPath(doc: Doc, rings: Lv95Ring[], point: (p: [number, number]) => [number, number]): void {
  for (const ring of rings) {
    ring.forEach((p, i) => {
      const [x, y] = point(p);
      if (i === 0) doc.moveTo(x, y);
      else doc.lineTo(x, y);
    });
    doc.closePath();
  }
}

function centroid(ring: Lv95Ring): [number, number] {
  const n = ring.length || 1;
  return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
}

/**
 * A vector map of the parcel: neighbouring parcels with their numbers, buildings, the parcel itself,
 * fixed points, a scale bar, a north arrow, LV95 corner coordinates and a legend.
 */
export function drawParcelMap(
  doc: Doc,
  box: MapBox,
  surroundings: ParcelSurroundings,
  fixedPoints: readonly FixedPoint[],
  labels: MapLabels,
): void {
  const { frame } = surroundings;
  const { scale, point } = fitFrame(frame, box);
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.rect(box.x, box.y, box.width, box.height).fill('#ffffff');
  doc.lineWidth(0.4);
  for (const neighbour of surroundings.neighbours) {
    ringPath(doc, neighbour.rings, point);
    doc.fillAndStroke(COLORS.neighbourFill, COLORS.neighbourStroke);
  }
  ringPath(doc, surroundings.parcel.rings, point);
  doc.lineWidth(1.6).fillAndStroke(COLORS.parcelFill, COLORS.parcelStroke);
  doc.lineWidth(0.3);
  for (const building of surroundings.buildings) {
    ringPath(doc, building.rings, point);
    doc.fillAndStroke(COLORS.building, COLORS.building);
  }
  // Neighbour numbers where the parcel is large enough on paper to carry one.
  doc.font('Helvetica').fontSize(5.5).fillColor(COLORS.text);
  for (const neighbour of surroundings.neighbours) {
    const ring = neighbour.rings[0];
    if (!ring || ring.length < 3) continue;
    const es = ring.map((p) => p[0]);
    if ((Math.max(...es) - Math.min(...es)) * scale < 18) continue;
    const [x, y] = point(centroid(ring));
    doc.text(neighbour.prcNo, x - 15, y - 2, { width: 30, align: 'center', lineBreak: false });
  }
  const own = surroundings.parcel.rings[0];
  if (own) {
    const [x, y] = point(centroid(own));
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.parcelStroke);
    doc.text(surroundings.parcel.prcNo, x - 40, y - 4, { width: 80, align: 'center', lineBreak: false });
  }
  for (const fixed of fixedPoints) {
    const [x, y] = point([fixed.FIX_COO_X, fixed.FIX_COO_Y]);
    doc.polygon([x, y - 3.5], [x + 3, y + 2], [x - 3, y + 2]).fill(COLORS.fixedPoint);
  }
  doc.restore();
  doc.lineWidth(0.6).rect(box.x, box.y, box.width, box.height).stroke(COLORS.frame);

  // Scale bar, bottom left.
  const widthMetres = box.width / scale;
  const barMetres = scaleBarMetres(widthMetres);
  const barX = box.x + 10;
  const barY = box.y + box.height - 14;
  const barWidth = barMetres * scale;
  doc
    .rect(barX - 4, barY - 12, barWidth + 44, 22)
    .fillOpacity(0.85)
    .fill('#ffffff')
    .fillOpacity(1);
  doc.rect(barX, barY, barWidth / 2, 3).fill('#333333');
  doc
    .rect(barX + barWidth / 2, barY, barWidth / 2, 3)
    .lineWidth(0.5)
    .stroke('#333333');
  doc.font('Helvetica').fontSize(7).fillColor(COLORS.text);
  doc.text(`0`, barX - 2, barY - 9, { lineBreak: false });
  doc.text(`${barMetres} m`, barX + barWidth - 6, barY - 9, { lineBreak: false });

  // North arrow, top right.
  const ax = box.x + box.width - 18;
  const ay = box.y + 12;
  doc.polygon([ax, ay], [ax + 6, ay + 18], [ax, ay + 14], [ax - 6, ay + 18]).fill('#333333');
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(labels.north, ax - 10, ay + 20, { width: 20, align: 'center' });

  // LV95 coordinates of the map's corners (the box may show more than the frame on one axis).
  const [minE, minN, maxE, maxN] = frame;
  const halfW = widthMetres / 2;
  const halfH = box.height / scale / 2;
  const centreE = (minE + maxE) / 2;
  const centreN = (minN + maxN) / 2;
  const coordinate = (e: number, n: number) => `E ${formatNumber(e, 0)} / N ${formatNumber(n, 0)}`;
  doc.font('Helvetica').fontSize(6.5).fillColor('#616161');
  doc.text(coordinate(centreE - halfW, centreN + halfH), box.x, box.y - 9, { lineBreak: false });
  doc.text(coordinate(centreE + halfW, centreN - halfH), box.x, box.y + box.height + 3, {
    width: box.width,
    align: 'right',
    lineBreak: false,
  });

  // Legend under the map.
  const legendY = box.y + box.height + 12;
  let lx = box.x;
  const entry = (draw: () => void, text: string) => {
    draw();
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(COLORS.text)
      .text(text, lx + 12, legendY, { lineBreak: false });
    lx += 12 + doc.widthOfString(text) + 14;
  };
  entry(
    () => doc.rect(lx, legendY, 9, 7).lineWidth(1.2).fillAndStroke(COLORS.parcelFill, COLORS.parcelStroke),
    labels.parcel,
  );
  entry(
    () =>
      doc.rect(lx, legendY, 9, 7).lineWidth(0.4).fillAndStroke(COLORS.neighbourFill, COLORS.neighbourStroke),
    labels.neighbours,
  );
  entry(() => doc.rect(lx, legendY, 9, 7).fill(COLORS.building), labels.buildings);
  entry(
    () =>
      doc
        .polygon([lx + 4.5, legendY], [lx + 8.5, legendY + 7], [lx + 0.5, legendY + 7])
        .fill(COLORS.fixedPoint),
    labels.fixedPoints,
  );
}
