import type { Point, Ring } from '../../geo/ring';
import type { Rng } from '../random';
import type { Lot } from './cutLots';
import type { Box, Superblock } from './streetGrid';

/** Depth (m) of the houses' lots along a village road, and their frontage. */
const DEPTH: [number, number] = [28, 38];
const FRONTAGE: [number, number] = [17, 28];

/** A strip along one road of the superblock: its street key and the frame of its lots. */
interface Strip {
  street: string;
  /** Where the street line runs (frame metres) and along which axis (0: u, 1: v). */
  along: 0 | 1;
  from: number;
  to: number;
  line: number;
  /** +1: the lots lie on the side of growing coordinate across the street. */
  inward: 1 | -1;
}

/**
 * A village superblock: houses in a row along each of its roads (Strassendorf, Haufendorf edges), the
 * land behind them a field. The rows along the superblock's bottom and top roads run its whole width,
 * those along its left and right roads between them. Returns the lots (each fronting its road, numbered
 * along it) and the field left in the middle (null when the rows fill the superblock).
 */
export function villageLots(s: Superblock, rng: Rng): { lots: Lot[]; field: Ring | null } {
  const [u0, u1, v0, v1] = s.interiorBox;
  const depth = Math.min(rng.range(...DEPTH), (v1 - v0) / 2, (u1 - u0) / 2);
  const strips: Strip[] = [];
  const { left, right, bottom, top } = s.sides;
  if (bottom) strips.push({ street: bottom, along: 0, from: u0, to: u1, line: v0, inward: 1 });
  if (top) strips.push({ street: top, along: 0, from: u0, to: u1, line: v1, inward: -1 });
  const vFrom = bottom ? v0 + depth : v0;
  const vTo = top ? v1 - depth : v1;
  if (left && vTo - vFrom > 10) strips.push({ street: left, along: 1, from: vFrom, to: vTo, line: u0, inward: 1 });
  if (right && vTo - vFrom > 10) strips.push({ street: right, along: 1, from: vFrom, to: vTo, line: u1, inward: -1 });
  const lots: Lot[] = [];
  for (const strip of strips) {
    const point = (a: number, b: number): Point => (strip.along === 0 ? [a, b] : [b, a]);
    const dir: Point = strip.along === 0 ? [1, 0] : [0, 1];
    const inward: Point = strip.along === 0 ? [0, strip.inward] : [strip.inward, 0];
    // Left of a street running +u is +v; left of one running +v is −u.
    const side = (strip.along === 0 ? strip.inward > 0 : strip.inward < 0) ? 1 : -1;
    const back = strip.line + strip.inward * depth;
    for (let a = strip.from; a < strip.to - 1; ) {
      let width = rng.range(...FRONTAGE);
      if (strip.to - a < width * 1.6) width = strip.to - a;
      const corners = [point(a, strip.line), point(a + width, strip.line), point(a + width, back), point(a, back)];
      // Counter-clockwise whichever side of the street the row lies on.
      const ring: Ring = (strip.along === 0) === strip.inward > 0 ? corners : [...corners].reverse();
      lots.push({ ring, street: strip.street, along: a + width / 2, side, origin: point(a, strip.line), dir, inward, frontage: width, depth });
      a += width;
    }
  }
  const field: Box = [left ? u0 + depth : u0, right ? u1 - depth : u1, vFrom, vTo];
  const open = field[1] - field[0] > 10 && field[3] - field[2] > 10;
  return {
    lots,
    field: open
      ? [
          [field[0], field[2]],
          [field[1], field[2]],
          [field[1], field[3]],
          [field[0], field[3]],
        ]
      : null,
  };
}
