import type { Point } from '../../geo/ring';
import type { MainUse } from '../catalog/zoneCatalog';
import type { Rng } from '../random';
import { type Box, type GridRoad, type Superblock, rectRing } from './streetGrid';
import { localStreetPlan } from './zonePlan';

/** A block between streets (frame metres, a rectangle) and the street keys along its four sides. */
export interface StreetBlock {
  box: Box;
  sides: { left: string; right: string; bottom: string; top: string };
}

/**
 * Local streets of a settled superblock: `rows − 1` streets across it along u and `columns − 1` along v
 * (pieces between the first), at fractions shared by every superblock of the same column or row with the
 * same plan, so local streets line up across main roads and read as one street (old towns: see
 * `staggered`). Returns the local road parcels and the blocks they leave.
 */
export function localStreets(
  s: Superblock,
  use: MainUse,
  jitter: (key: string) => number,
  rng: Rng,
): { roads: GridRoad[]; blocks: StreetBlock[] } {
  const { columns, rows, width } = localStreetPlan(use, rng);
  const [u0, u1, v0, v1] = s.interiorBox;
  const [bu0, bu1, bv0, bv1] = s.box;
  const half = width / 2;
  const cuts = (count: number, from: number, to: number, key: string) =>
    Array.from({ length: count - 1 }, (_, k) => from + (to - from) * ((k + 1) / count + jitter(`${key}:${count}:${k}`)));
  const cu = cuts(columns, bu0, bu1, `c${s.i}`);
  const cv = cuts(rows, bv0, bv1, `r${s.j}`);
  // Old towns grew lane by lane: the cross lanes of each row of blocks stand where they stand, not in line
  // with the next row's (T-junctions, blocks of uneven length), and are lanes of their own.
  const staggered = use === 14;
  const spacing = (bu1 - bu0) / columns;
  const columnCuts = Array.from({ length: rows }, (_, r) => {
    if (!staggered) return cu;
    // Alternate rows lean the other way, so no lane meets the next row's lane head on.
    const shift = (r % 2 === 0 ? -1 : 1) * rng.range(0.12, 0.28) * spacing;
    return cu.map((u) => u + shift + rng.range(-0.04, 0.04) * spacing);
  });
  const laneKey = (k: number, r: number) => (staggered ? `lv:${s.i}:${s.j}:${r}:${k}` : `lv:${s.i}:${columns}:${k}`);
  const roads: GridRoad[] = [];
  cv.forEach((v, k) => {
    const street = `lh:${s.j}:${rows}:${k}`;
    roads.push({
      ring: rectRing([u0, u1, v - half, v + half]),
      street,
      horizontal: true,
      from: [bu0, v],
      to: [bu1, v],
      superblock: s.index,
    });
  });
  // Edges of the rows of blocks: the interior's bottom and top, and the local streets' sides between.
  const rowFrom = [v0, ...cv.map((v) => v + half)];
  const rowTo = [...cv.map((v) => v - half), v1];
  const rowLine = [bv0, ...cv, bv1];
  for (let r = 0; r < rows; r++) {
    columnCuts[r].forEach((u, k) => {
      const from: Point = [u, rowLine[r]];
      const to: Point = [u, rowLine[r + 1]];
      roads.push({ ring: rectRing([u - half, u + half, rowFrom[r], rowTo[r]]), street: laneKey(k, r), horizontal: false, from, to, superblock: s.index });
    });
  }
  const blocks: StreetBlock[] = [];
  for (let r = 0; r < rows; r++) {
    const colFrom = [u0, ...columnCuts[r].map((u) => u + half)];
    const colTo = [...columnCuts[r].map((u) => u - half), u1];
    for (let c = 0; c < columns; c++) {
      blocks.push({
        box: [colFrom[c], colTo[c], rowFrom[r], rowTo[r]],
        sides: {
          left: c === 0 ? (s.sides.left as string) : laneKey(c - 1, r),
          right: c === columns - 1 ? (s.sides.right as string) : laneKey(c, r),
          bottom: r === 0 ? (s.sides.bottom as string) : `lh:${s.j}:${rows}:${r - 1}`,
          top: r === rows - 1 ? (s.sides.top as string) : `lh:${s.j}:${rows}:${r}`,
        },
      });
    }
  }
  return { roads, blocks };
}
