import { clipPolygon } from 'lineclip';
import polylabel from 'polylabel';

type Point = [number, number];

/** [minX, minY, maxX, maxY] in the same units as the rings. */
export type Box = [number, number, number, number];

/**
 * Where a label of `width` × `height` can stand wholly inside a polygon's part within `box`: the pole
 * of inaccessibility (polylabel) of the outline clipped to the box, holes kept. Null when the box the
 * label needs does not fit there: the centre's distance to every edge must exceed the label's half
 * diagonal, and the label must stay `padding` inside the box.
 */
export function labelPoint(
  rings: readonly Point[][],
  box: Box,
  width: number,
  height: number,
  padding = 0,
): Point | null {
  if (rings.length === 0) return null;
  const outline = clipPolygon(rings[0], box);
  if (outline.length < 3) return null;
  const holes = rings.slice(1).map((ring) => clipPolygon(ring, box));
  const clipped = [outline, ...holes.filter((ring) => ring.length >= 3)];
  const size = Math.max(box[2] - box[0], box[3] - box[1]);
  const pole = polylabel(clipped, size / 500);
  const reach = Math.hypot(width / 2, height / 2);
  if (!Number.isFinite(pole.distance) || pole.distance < reach) return null;
  const [x, y] = pole;
  const inBox =
    x - width / 2 >= box[0] + padding &&
    x + width / 2 <= box[2] - padding &&
    y - height / 2 >= box[1] + padding &&
    y + height / 2 <= box[3] - padding;
  return inBox ? [x, y] : null;
}

/**
 * A point inside a polygon's part within `box`, however narrow it is: the pole of inaccessibility of the
 * outline clipped to the box. A bent road's box centre can lie beside the road; this point never does.
 * Null when no part of the polygon lies in the box.
 */
export function innerPoint(rings: readonly Point[][], box: Box): Point | null {
  if (rings.length === 0) return null;
  const outline = clipPolygon(rings[0], box);
  if (outline.length < 3) return null;
  const size = Math.max(box[2] - box[0], box[3] - box[1]);
  const pole = polylabel([outline], size / 500);
  return Number.isFinite(pole[0]) && Number.isFinite(pole[1]) ? [pole[0], pole[1]] : null;
}

/** Whether two boxes [minX, minY, maxX, maxY] overlap. */
export const boxesOverlap = (a: Box, b: Box): boolean =>
  a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
