import type { Point, Ring } from '../../geo/ring';
import { lonLatToMercator } from '../../geo/projection';
import type { LakeShape, LonLatBox } from '../geography/SwissGeography';
import type { LocalFrame } from './LocalFrame';
import type { RiverBand } from './riverBands';

/** How far from a shore or bank the distance is measured (metres); beyond it the answer is Infinity. */
export const WATER_REACH_M = 400;

/** Degrees of margin around a municipality's box within which a lake counts. */
const MARGIN = 0.01;

type Segment = [Point, Point];

function distanceToSegment([px, py]: Point, [[ax, ay], [bx, by]]: Segment): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function ringSegments(ring: Ring): Segment[] {
  return ring.map((point, index): Segment => [point, ring[(index + 1) % ring.length]]);
}

/**
 * Distance (real metres, frame coordinates) from a point to the nearest lake shore or river bank near the
 * municipality, Infinity beyond WATER_REACH_M. The generalised lake outlines are the municipality's own
 * shore (its outline excludes the lakes); the river bands are those the layout kept free. Segments sit in
 * a grid of WATER_REACH_M cells, so a query reads its cell and the eight around it.
 */
export function createWaterDistance(
  lakes: readonly LakeShape[],
  rivers: readonly RiverBand[],
  bbox: LonLatBox,
  frame: LocalFrame,
): (point: Point) => number {
  const near = (box: LonLatBox) =>
    box[0] < bbox[2] + MARGIN && box[2] > bbox[0] - MARGIN && box[1] < bbox[3] + MARGIN && box[3] > bbox[1] - MARGIN;
  const toFrame = ([lon, lat]: number[]): Point => frame.toLocal(...lonLatToMercator(lon, lat));
  const segments: Segment[] = [];
  for (const lake of lakes) {
    if (!near(lake.bbox)) continue;
    const polygons = lake.geometry.type === 'Polygon' ? [lake.geometry.coordinates] : lake.geometry.coordinates;
    for (const polygon of polygons) for (const ring of polygon) segments.push(...ringSegments(ring.map(toFrame)));
  }
  for (const band of rivers) segments.push(...ringSegments(band.ring));
  if (segments.length === 0) return () => Infinity;

  const cells = new Map<string, Segment[]>();
  const cellOf = (value: number) => Math.floor(value / WATER_REACH_M);
  for (const segment of segments) {
    const [[ax, ay], [bx, by]] = segment;
    for (let ix = cellOf(Math.min(ax, bx)); ix <= cellOf(Math.max(ax, bx)); ix++) {
      for (let iy = cellOf(Math.min(ay, by)); iy <= cellOf(Math.max(ay, by)); iy++) {
        const key = `${ix},${iy}`;
        const list = cells.get(key);
        if (list) list.push(segment);
        else cells.set(key, [segment]);
      }
    }
  }
  return (point) => {
    let best = Infinity;
    const [cx, cy] = [cellOf(point[0]), cellOf(point[1])];
    for (let ix = cx - 1; ix <= cx + 1; ix++) {
      for (let iy = cy - 1; iy <= cy + 1; iy++) {
        for (const segment of cells.get(`${ix},${iy}`) ?? []) best = Math.min(best, distanceToSegment(point, segment));
      }
    }
    return best <= WATER_REACH_M ? best : Infinity;
  };
}
