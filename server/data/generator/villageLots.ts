import type { Point, Ring } from '../../geo/ring';
import type { MainUse } from '../catalog/zoneCatalog';
import type { Rng } from '../random';
import { lotFrontage } from './zonePlan';
import type { Lot } from './cutLots';
import type { Box, Superblock } from './streetGrid';

/** Depth (m) of the houses' lots along a village road, and their frontage (other zones: their own). */
const DEPTH: [number, number] = [28, 38];
const FRONTAGE: [number, number] = [17, 28];
/** Lots of other zones along a village road are as deep as their buildings need (work: halls and yards). */
const ZONE_DEPTH: Partial<Record<MainUse, [number, number]>> = { 12: [60, 85], 13: [34, 46], 15: [50, 70], 16: [40, 60], 17: [40, 55] };
/** A village core's lots reach deeper: this much more at the core (urbanity 1) than at the village edge. */
const CORE_DEPTH = 0.5;

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
 * A village superblock: houses (or the zone's lots: workshops, the school) in a row along each of its roads (Strassendorf, Haufendorf edges), the
 * land behind them a field. The rows along the superblock's bottom and top roads run its whole width,
 * those along its left and right roads between them. Returns the lots (each fronting its road, numbered
 * along it) and the field left in the middle (null when the rows fill the superblock).
 */
export function villageLots(s: Superblock, use: MainUse, rng: Rng): { lots: Lot[]; field: Ring | null } {
  const [u0, u1, v0, v1] = s.interiorBox;
  const core = 1 + CORE_DEPTH * Math.min(1, Math.max(0, (s.urbanity - 0.24) / 0.6));
  const depth = Math.min(rng.range(...(ZONE_DEPTH[use] ?? DEPTH)) * core, (v1 - v0) / 2, (u1 - u0) / 2);
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
      let width = use === 11 ? rng.range(...FRONTAGE) : lotFrontage(use, depth, rng);
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
