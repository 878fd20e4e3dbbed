import type { Point, Ring } from '../../geo/ring';
import type { Rng } from '../random';
import type { Land } from './LocalFrame';
import { landCover } from './clipToLand';
import { MAIN_ROAD_WIDTH, SETTLED_URBANITY, SUPERBLOCK_SIZE } from './zonePlan';

/**
 * The main-road grid of a municipality, in its frame (metres, axes along the main roads): grid lines a
 * superblock apart (± a fifth, so it is not a chessboard), a road on every side of a settled superblock,
 * and the two lines through the core run on across the whole municipality (the roads to the neighbours).
 *
 * Roads never overlap: a horizontal road is one band per run of road edges on its line, reaching half a
 * width past its ends where a vertical road meets it; vertical roads are pieces between those bands.
 * Superblocks keep what the roads leave (an open-land corner that a road end reaches is chamfered).
 */

export type Box = [number, number, number, number];

/** A road parcel of the street grid (frame metres) and its centre line in the street's direction. */
export interface GridRoad {
  ring: Ring;
  street: string;
  horizontal: boolean;
  from: Point;
  to: Point;
  /** The superblock whose generation emits it (roads come with the densest places first). */
  superblock: number;
}

export interface Superblock {
  index: number;
  i: number;
  j: number;
  box: Box;
  centre: Point;
  urbanity: number;
  cover: 'inside' | 'outside' | 'partial';
  settled: boolean;
  /** Whether it belongs to a village (a small place): houses along its roads, no ring road around it. */
  village: boolean;
  /** What the main roads leave of it (convex), null when nothing usable. */
  interior: Ring | null;
  interiorBox: Box;
  /** Street keys of the main roads along its sides. */
  sides: { left: string | null; right: string | null; bottom: string | null; top: string | null };
}

export interface StreetGrid {
  us: number[];
  vs: number[];
  superblocks: Superblock[];
  roads: GridRoad[];
}

export const rectRing = ([u0, u1, v0, v1]: Box): Ring => [
  [u0, v0],
  [u1, v0],
  [u1, v1],
  [u0, v1],
];

/** Grid line positions from `from` to `to` through 0 (the core), spacing a superblock ± a fifth. */
function gridLines(from: number, to: number, rng: Rng): number[] {
  const lines = [0];
  for (let x = 0; x > from; ) lines.unshift((x -= SUPERBLOCK_SIZE * rng.range(0.8, 1.2)));
  for (let x = 0; x < to; ) lines.push((x += SUPERBLOCK_SIZE * rng.range(0.8, 1.2)));
  return lines;
}

/**
 * `villageAt` says whether a point belongs to a village: a village superblock gets a road only on the lines
 * through the core and between it and another settled superblock, none around the village's edge (its
 * houses stand along the village's few roads, the fields come up to their backs).
 */
export function buildStreetGrid(land: Land, urbanityAt: (p: Point) => number, villageAt: (p: Point) => boolean, rng: Rng): StreetGrid {
  const w = MAIN_ROAD_WIDTH;
  const us = gridLines(land.box[0], land.box[1], rng);
  const vs = gridLines(land.box[2], land.box[3], rng);
  const nu = us.length - 1;
  const nv = vs.length - 1;
  const i0 = us.indexOf(0);
  const j0 = vs.indexOf(0);
  const superblocks: Superblock[] = [];
  for (let j = 0; j < nv; j++) {
    for (let i = 0; i < nu; i++) {
      const box: Box = [us[i], us[i + 1], vs[j], vs[j + 1]];
      const centre: Point = [(box[0] + box[1]) / 2, (box[2] + box[3]) / 2];
      const cover = landCover(rectRing(box), land);
      const urbanity = cover === 'outside' ? 0 : urbanityAt(centre);
      superblocks.push({
        index: superblocks.length,
        i,
        j,
        box,
        centre,
        urbanity,
        cover,
        settled: cover !== 'outside' && urbanity >= SETTLED_URBANITY,
        village: cover !== 'outside' && villageAt(centre),
        interior: null,
        interiorBox: box,
        sides: { left: null, right: null, bottom: null, top: null },
      });
    }
  }
  const at = (i: number, j: number) => (i >= 0 && i < nu && j >= 0 && j < nv ? superblocks[j * nu + i] : null);
  const settled = (i: number, j: number) => at(i, j)?.settled ?? false;
  /** A settled town superblock: roads on all its sides. */
  const town = (i: number, j: number) => settled(i, j) && !(at(i, j)?.village ?? false);
  const onLand = (i: number, j: number) => (at(i, j)?.cover ?? 'outside') !== 'outside';
  /** Road along the bottom edge of superblock (i, j), on grid line j. */
  const H = (i: number, j: number) =>
    i >= 0 &&
    i < nu &&
    (town(i, j) || town(i, j - 1) || (settled(i, j) && settled(i, j - 1)) || (j === j0 && (onLand(i, j) || onLand(i, j - 1))));
  /** Road along the left edge of superblock (i, j), on grid line i. */
  const V = (i: number, j: number) =>
    j >= 0 &&
    j < nv &&
    (town(i, j) || town(i - 1, j) || (settled(i, j) && settled(i - 1, j)) || (i === i0 && (onLand(i, j) || onLand(i - 1, j))));
  const verticalAt = (i: number, j: number) => V(i, j) || V(i, j - 1);
  const bandAt = (i: number, j: number) => H(i - 1, j) || H(i, j);
  const owner = (i: number, j: number) => {
    // The densest adjacent superblock emits the road, so tiny test datasets get the town's streets.
    const candidates = [at(i, j), at(i, j - 1), at(i - 1, j)].filter((s): s is Superblock => s !== null);
    return candidates.sort((a, b) => b.urbanity - a.urbanity)[0]?.index ?? 0;
  };

  const roads: GridRoad[] = [];
  for (let j = 0; j <= nv; j++) {
    for (let i = 0; i < nu; i++) {
      if (!H(i, j)) continue;
      let end = i;
      while (H(end + 1, j)) end++;
      let best = owner(i, j);
      for (let x = i + 1; x <= end; x++) if (superblocks[owner(x, j)].urbanity > superblocks[best].urbanity) best = owner(x, j);
      const u0 = us[i] - (verticalAt(i, j) ? w / 2 : 0);
      const u1 = us[end + 1] + (verticalAt(end + 1, j) ? w / 2 : 0);
      roads.push({
        ring: rectRing([u0, u1, vs[j] - w / 2, vs[j] + w / 2]),
        street: `H:${j}`,
        horizontal: true,
        from: [us[i], vs[j]],
        to: [us[end + 1], vs[j]],
        superblock: best,
      });
      i = end;
    }
  }
  for (let i = 0; i <= nu; i++) {
    for (let j = 0; j < nv; j++) {
      if (!V(i, j)) continue;
      const v0 = vs[j] + (bandAt(i, j) ? w / 2 : 0);
      const v1 = vs[j + 1] - (bandAt(i, j + 1) ? w / 2 : 0);
      if (v1 - v0 < 1) continue;
      roads.push({
        ring: rectRing([us[i] - w / 2, us[i] + w / 2, v0, v1]),
        street: `V:${i}`,
        horizontal: false,
        from: [us[i], vs[j]],
        to: [us[i], vs[j + 1]],
        superblock: owner(i, j),
      });
    }
  }

  for (const s of superblocks) {
    if (s.cover === 'outside') continue;
    const { i, j } = s;
    const left = V(i, j);
    const right = V(i + 1, j);
    const bottom = H(i, j);
    const top = H(i, j + 1);
    const box: Box = [
      us[i] + (left ? w / 2 : 0),
      us[i + 1] - (right ? w / 2 : 0),
      vs[j] + (bottom ? w / 2 : 0),
      vs[j + 1] - (top ? w / 2 : 0),
    ];
    s.sides = {
      left: left ? `V:${i}` : null,
      right: right ? `V:${i + 1}` : null,
      bottom: bottom ? `H:${j}` : null,
      top: top ? `H:${j + 1}` : null,
    };
    s.interiorBox = box;
    if (box[1] - box[0] < 5 || box[3] - box[2] < 5) continue;
    // A road band reaching past its end into an open-land corner: cut that corner off (w × w).
    const cut = {
      bl: !left && !bottom && H(i - 1, j) && V(i, j - 1),
      br: !right && !bottom && H(i + 1, j) && V(i + 1, j - 1),
      tr: !right && !top && H(i + 1, j + 1) && V(i + 1, j + 1),
      tl: !left && !top && H(i - 1, j + 1) && V(i, j + 1),
    };
    const [u0, u1, v0, v1] = box;
    const ring: Ring = [];
    if (cut.bl) ring.push([u0, v0 + w], [u0 + w, v0]);
    else ring.push([u0, v0]);
    if (cut.br) ring.push([u1 - w, v0], [u1, v0 + w]);
    else ring.push([u1, v0]);
    if (cut.tr) ring.push([u1, v1 - w], [u1 - w, v1]);
    else ring.push([u1, v1]);
    if (cut.tl) ring.push([u0 + w, v1], [u0, v1 - w]);
    else ring.push([u0, v1]);
    s.interior = ring;
  }
  return { us, vs, superblocks, roads };
}
