import type { Point, Ring } from '../../geo/ring';
import type { MainUse } from '../catalog/zoneCatalog';
import type { Rng } from '../random';
import type { StreetBlock } from './localStreets';
import { lotFrontage } from './zonePlan';

/**
 * A lot cut along a block's street frontage, with its own axes: `origin` on the street line, `dir` along
 * the street (the direction its house numbers rise), `inward` from the street into the lot.
 */
export interface Lot {
  ring: Ring;
  street: string;
  /** Position of the lot's middle along the street, and +1 on the street's left (odd numbers), −1 right. */
  along: number;
  side: 1 | -1;
  origin: Point;
  dir: Point;
  inward: Point;
  frontage: number;
  depth: number;
}

/** Least depth (m) of a row of lots; a block less than two rows deep gets one row through it. */
const MIN_DEPTH: Partial<Record<MainUse, number>> = { 14: 14, 13: 20, 17: 20, 11: 22, 12: 45, 15: 40 };

/** Widths along a row: frontages by zone; a remainder too small for a lot goes to the last one. */
function frontages(length: number, use: MainUse, depth: number, rng: Rng): number[] {
  const widths: number[] = [];
  let left = length;
  while (left > 0) {
    const w = lotFrontage(use, depth, rng);
    if (left < w * 1.6) {
      widths.push(left);
      break;
    }
    widths.push(w);
    left -= w;
  }
  return widths;
}

/**
 * The lots of one block: two rows back to back along its long sides (one row through a shallow block),
 * each row cut into lots across the street. Every lot fronts a street.
 */
export function cutLots(block: StreetBlock, use: MainUse, rng: Rng): Lot[] {
  const [u0, u1, v0, v1] = block.box;
  const alongU = u1 - u0 >= v1 - v0;
  // Coordinates: a along the long side, b across it.
  const [a0, a1, b0, b1] = alongU ? [u0, u1, v0, v1] : [v0, v1, u0, u1];
  const toFrame = (a: number, b: number): Point => (alongU ? [a, b] : [b, a]);
  const across = b1 - b0;
  const minDepth = MIN_DEPTH[use] ?? Infinity;
  const twoRows = across >= 2 * minDepth;
  const split = twoRows ? b0 + across * rng.range(0.42, 0.58) : b1;
  const rowsOf: { from: number; to: number; front: 'low' | 'high' }[] = [{ from: b0, to: split, front: 'low' }];
  if (twoRows) rowsOf.push({ from: split, to: b1, front: 'high' });
  const lots: Lot[] = [];
  for (const row of rowsOf) {
    const depth = row.to - row.from;
    const street = row.front === 'low' ? (alongU ? block.sides.bottom : block.sides.left) : alongU ? block.sides.top : block.sides.right;
    const inwardB = row.front === 'low' ? 1 : -1;
    const frontB = row.front === 'low' ? row.from : row.to;
    const widths = use === 16 ? [a1 - a0] : frontages(a1 - a0, use, depth, rng);
    let a = a0;
    for (const width of widths) {
      const ring: Ring = [toFrame(a, row.from), toFrame(a + width, row.from), toFrame(a + width, row.to), toFrame(a, row.to)];
      const dir: Point = alongU ? [1, 0] : [0, 1];
      const inward: Point = alongU ? [0, inwardB] : [inwardB, 0];
      // Left of a street running +u is +v; left of one running +v is −u.
      const left = alongU ? inwardB > 0 : inwardB < 0;
      lots.push({
        ring: alongU ? ring : [ring[0], ring[3], ring[2], ring[1]],
        street,
        along: a + width / 2,
        side: left ? 1 : -1,
        origin: toFrame(a, frontB),
        dir,
        inward,
        frontage: width,
        depth,
      });
      a += width;
    }
  }
  return lots;
}
