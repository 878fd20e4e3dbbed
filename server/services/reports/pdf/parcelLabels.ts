import type PDFDocument from 'pdfkit';
import { pointInRing, ringsBox } from '../../../geo/ring';
import { boxesOverlap, labelPoint, type Box } from '../map/labelPoint';
import { centredText, measure, plate, type MapBox, type PagePoint } from './mapMarks';
import type { ReportFont } from './reportFonts';

type Doc = InstanceType<typeof PDFDocument>;

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

export interface LabelStyle {
  font: ReportFont;
  size: number;
  color: string;
  /** Where the parcel's free part cannot hold it, over its buildings on a white plate. */
  onPlate: boolean;
}

/**
 * Places parcel numbers inside their parcels on a plan: in the parcel's free part (its buildings kept
 * out), else, for `onPlate` labels, over the buildings on a white plate. A label that would leave the
 * frame (4 pt inside) or touch an earlier label or a `taken` box (scale bar, north arrow, grid labels)
 * is left out. Returns whether the label was drawn; `taken` grows with each one.
 */
export function parcelLabelPlacer(
  doc: Doc,
  box: MapBox,
  taken: Box[],
  buildingRings: readonly PagePoint[][][],
): (rings: PagePoint[][], text: string, style: LabelStyle) => boolean {
  const frameBox: Box = [box.x, box.y, box.x + box.width, box.y + box.height];
  return (rings, text, { font, size, color, onPlate }) => {
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
      [...rings, ...buildingsInside(rings, buildingRings as PagePoint[][][])],
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
}
