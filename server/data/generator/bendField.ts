import type { Point, Ring } from '../../geo/ring';
import { createValueNoise } from '../random';
import type { Land } from './LocalFrame';
import { placeRadius } from './DensityField';

/** A place of up to this many inhabitants is a village (bent, houses along its roads); from the next figure, a town. */
const VILLAGE_UP_TO = 1_780;
const TOWN_FROM = 3_570;

/**
 * A smooth bending of a municipality's laid-out plan (frame metres to frame metres), so the streets of old
 * towns and villages run as gently curving polylines and their blocks take varying shapes, while the plan
 * is still laid out as rectangles (no polygon booleans needed).
 *
 * Displacements are set on a lattice of nodes `CELL` metres apart and interpolated bilinearly within each
 * cell. A bilinear map keeps lines parallel to the axes straight inside a cell, and the plan's streets and
 * lots are such lines: so an edge split where it crosses the lattice lines maps exactly onto the polyline
 * of its split points' images, and a lot corner lying on a road's edge (a T-junction) still lies on the
 * bent road's edge. Neighbouring parcels therefore still tile without gaps or overlaps, and a house on the
 * street line stays on it. Near the municipality's outline, lakes and river bands the displacement is
 * zero (all four nodes of any cell touching the shore stay put), so nothing is pushed into the water or
 * over the border; it grows to its full size over a ramp inland.
 */
export interface BendField {
  /** The point's place in the bent plan. */
  point(p: Point): Point;
  /** The ring bent, its edges split at the lattice lines where the plan bends there (else the ring itself). */
  ring(ring: Ring): Ring;
  /** A straight line a → b bent into a polyline (its two ends when nothing bends there). */
  line(a: Point, b: Point): Point[];
}

/** How strongly the plan bends at a point (metres of displacement): wide meanders and short bends. */
export interface BendAmplitude {
  wide: number;
  narrow: number;
}

/** Lattice spacing (m): the bent streets are polylines with a bend at most this often. */
const CELL = 40;
/** Amplitudes are read on a coarser grid (this many cells) and interpolated: cheap, and smooth. */
const COARSE = 8;
/** Wavelengths (m) of the two bends: a road's meander, and the bends of an old-town lane. */
const WIDE_WAVELENGTH = 600;
const NARROW_WAVELENGTH = 220;
/** Nodes within this distance (m) of a shore or border stay put: a cell's diagonal, so no point on the shore moves. */
const FROZEN = CELL * Math.SQRT2 + 1;
/** Over these distances (m) beyond `FROZEN` the two bends grow to their full size. */
const WIDE_RAMP = 260;
const NARROW_RAMP = 110;

const smoothstep = (from: number, to: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - from) / (to - from)));
  return t * t * (3 - 2 * t);
};

/** Least distance from p to any ring's edge, looking only at rings whose box lies within `limit`. */
function shoreDistance(p: Point, land: Land, limit: number): number {
  let best = limit;
  for (const r of land.water.length === 0 ? land.rings : [...land.rings, ...land.water]) {
    const [x0, x1, y0, y1] = r.box;
    if (p[0] < x0 - best || p[0] > x1 + best || p[1] < y0 - best || p[1] > y1 + best) continue;
    const ring = r.ring;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j];
      const [bx, by] = ring[i];
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len2));
      const d = Math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}

/** A split point closer than this (m) to the line through its neighbours is not needed. */
const STRAIGHT = 0.001;

/**
 * The bent points less the split points where the bend is straight (where nothing moves, at the edge of
 * the bent area): a neighbour sharing the edge drops the same ones, or keeps them within a millimetre.
 */
function withoutStraightSplits(points: Point[], inserted: readonly boolean[], closed: boolean): Point[] {
  const n = points.length;
  if (!inserted.includes(true)) return points;
  const kept: Point[] = [];
  for (let i = 0; i < n; i++) {
    if (inserted[i]) {
      const prev = kept.length > 0 ? kept[kept.length - 1] : points[(i - 1 + n) % n];
      const next = points[(i + 1) % n];
      if (closed || i < n - 1) {
        const dx = next[0] - prev[0];
        const dy = next[1] - prev[1];
        const length = Math.hypot(dx, dy);
        const off = length === 0 ? 0 : Math.abs(dx * (points[i][1] - prev[1]) - dy * (points[i][0] - prev[0])) / length;
        if (off < STRAIGHT) continue;
      }
    }
    kept.push(points[i]);
  }
  return kept;
}

export function createBendField(land: Land, amplitudeAt: (p: Point) => BendAmplitude, seed: number): BendField {
  const [bx0, bx1, by0, by1] = land.box;
  // Node (i, j) stands at (i · CELL, j · CELL); the arrays cover the land's box and a cell around it.
  const i0 = Math.floor(bx0 / CELL) - 1;
  const j0 = Math.floor(by0 / CELL) - 1;
  const ni = Math.ceil(bx1 / CELL) + 2 - i0;
  const nj = Math.ceil(by1 / CELL) + 2 - j0;
  const ci0 = Math.floor(i0 / COARSE);
  const cj0 = Math.floor(j0 / COARSE);
  const cni = Math.ceil((i0 + ni) / COARSE) + 1 - ci0;
  const cnj = Math.ceil((j0 + nj) / COARSE) + 1 - cj0;
  const coarseWide = new Float64Array(cni * cnj).fill(NaN);
  const coarseNarrow = new Float64Array(cni * cnj).fill(NaN);
  const dx = new Float64Array(ni * nj).fill(NaN);
  const dy = new Float64Array(ni * nj);
  const wideU = createValueNoise(seed ^ 0x5bd1e995, WIDE_WAVELENGTH);
  const wideV = createValueNoise(seed ^ 0x1b873593, WIDE_WAVELENGTH);
  const narrowU = createValueNoise(seed ^ 0x7feb352d, NARROW_WAVELENGTH);
  const narrowV = createValueNoise(seed ^ 0x68e31da4, NARROW_WAVELENGTH);

  const coarse = (ci: number, cj: number): number => {
    const k = (ci - ci0) * cnj + (cj - cj0);
    if (Number.isNaN(coarseWide[k])) {
      const a = amplitudeAt([ci * COARSE * CELL, cj * COARSE * CELL]);
      coarseWide[k] = a.wide;
      coarseNarrow[k] = a.narrow;
    }
    return k;
  };
  /** Whether every node of the coarse cells covering nodes i0..i1 × j0..j1 has no amplitude. */
  const still = (fi0: number, fi1: number, fj0: number, fj1: number): boolean => {
    for (let ci = Math.floor(fi0 / COARSE); ci <= Math.ceil(fi1 / COARSE); ci++) {
      for (let cj = Math.floor(fj0 / COARSE); cj <= Math.ceil(fj1 / COARSE); cj++) {
        if (ci < ci0 || cj < cj0 || ci >= ci0 + cni || cj >= cj0 + cnj) continue;
        const k = coarse(ci, cj);
        if (coarseWide[k] > 0 || coarseNarrow[k] > 0) return false;
      }
    }
    return true;
  };
  const node = (i: number, j: number): number => {
    if (i < i0 || i >= i0 + ni || j < j0 || j >= j0 + nj) return -1;
    const k = (i - i0) * nj + (j - j0);
    if (!Number.isNaN(dx[k])) return k;
    // Amplitudes interpolated from the coarse grid.
    const ci = Math.floor(i / COARSE);
    const cj = Math.floor(j / COARSE);
    const s = i / COARSE - ci;
    const t = j / COARSE - cj;
    const a = coarse(ci, cj);
    const b = coarse(ci + 1, cj);
    const c = coarse(ci, cj + 1);
    const d = coarse(ci + 1, cj + 1);
    const mix = (v: Float64Array) => v[a] * (1 - s) * (1 - t) + v[b] * s * (1 - t) + v[c] * (1 - s) * t + v[d] * s * t;
    const wide = mix(coarseWide);
    const narrow = mix(coarseNarrow);
    dx[k] = 0;
    dy[k] = 0;
    if (wide <= 0 && narrow <= 0) return k;
    const p: Point = [i * CELL, j * CELL];
    const shore = shoreDistance(p, land, FROZEN + WIDE_RAMP);
    if (shore <= FROZEN) return k;
    const w = wide * smoothstep(FROZEN, FROZEN + WIDE_RAMP, shore);
    const n = narrow * smoothstep(FROZEN, FROZEN + NARROW_RAMP, shore);
    dx[k] = w * (2 * wideU(p[0], p[1]) - 1) + n * (2 * narrowU(p[0], p[1]) - 1);
    dy[k] = w * (2 * wideV(p[0], p[1]) - 1) + n * (2 * narrowV(p[0], p[1]) - 1);
    return k;
  };

  const point = (p: Point): Point => {
    const fi = p[0] / CELL;
    const fj = p[1] / CELL;
    const i = Math.floor(fi);
    const j = Math.floor(fj);
    const a = node(i, j);
    const b = node(i + 1, j);
    const c = node(i, j + 1);
    const d = node(i + 1, j + 1);
    if (a < 0 || b < 0 || c < 0 || d < 0) return p;
    const s = fi - i;
    const t = fj - j;
    const wa = (1 - s) * (1 - t);
    const wb = s * (1 - t);
    const wc = (1 - s) * t;
    const wd = s * t;
    return [p[0] + dx[a] * wa + dx[b] * wb + dx[c] * wc + dx[d] * wd, p[1] + dy[a] * wa + dy[b] * wb + dy[c] * wc + dy[d] * wd];
  };

  /**
   * a, then the points where a → b crosses the lattice lines (in order along it), not b; `inserted` gets
   * true for each point added after a.
   */
  const split = (a: Point, b: Point, out: Point[], inserted: boolean[]) => {
    out.push(a);
    inserted.push(false);
    const ts: number[] = [];
    for (const axis of [0, 1]) {
      const from = a[axis];
      const to = b[axis];
      if (Math.abs(to - from) < 1e-9) continue;
      const lo = Math.floor(Math.min(from, to) / CELL) + 1;
      const hi = Math.ceil(Math.max(from, to) / CELL) - 1;
      for (let m = lo; m <= hi; m++) ts.push((m * CELL - from) / (to - from));
    }
    if (ts.length === 0) return;
    ts.sort((x, y) => x - y);
    let last = 0;
    for (const t of ts) {
      // Splits closer than a millimetre to the last one (a corner on a lattice line) add nothing.
      if (t - last < 1e-6 || 1 - t < 1e-6) continue;
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      inserted.push(true);
      last = t;
    }
  };

  const stillAround = (points: readonly Point[]) => {
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const [x, y] of points) {
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    return still(Math.floor(x0 / CELL), Math.ceil(x1 / CELL), Math.floor(y0 / CELL), Math.ceil(y1 / CELL));
  };

  return {
    point: (p) => (stillAround([p]) ? p : point(p)),
    ring(ring) {
      if (stillAround(ring)) return ring;
      const out: Point[] = [];
      const inserted: boolean[] = [];
      for (let e = 0; e < ring.length; e++) split(ring[e], ring[(e + 1) % ring.length], out, inserted);
      return withoutStraightSplits(out.map(point), inserted, true);
    },
    line(a, b) {
      if (stillAround([a, b])) return [a, b];
      const out: Point[] = [];
      const inserted: boolean[] = [];
      split(a, b, out, inserted);
      out.push(b);
      inserted.push(false);
      return withoutStraightSplits(out.map(point), inserted, false);
    },
  };
}

/** Full amplitudes (m) of the two bends. */
const WIDE_AMPLITUDE = 40;
const NARROW_AMPLITUDE = 24;

/**
 * How much the plan bends: `village` (0..1) says how much a point belongs to a village's settled land
 * (see `villageWeight`), `oldTown` how far inside a historic centre it lies. Villages meander (their roads
 * follow the land, their houses the roads) and bend a little more in their cores; old towns bend lane by
 * lane; the planned quarters of towns and the open land between stay as laid out.
 */
export function bendAmplitude(village: number, oldTown: number): BendAmplitude {
  return {
    wide: WIDE_AMPLITUDE * Math.max(village, 0.7 * oldTown),
    narrow: NARROW_AMPLITUDE * Math.max(oldTown, 0.6 * village),
  };
}

/**
 * How much a point belongs to a village: on or next to settled land (urbanity from 0.12, settled from
 * 0.17) whose place is small (some 2,000 inhabitants; a town's outskirts, though as thinly settled, belong
 * to a large place and keep their planned streets). `radius` is the place's influence radius (real metres).
 */
export function villageWeight(urbanity: number, radius: number): number {
  return smoothstep(0.12, 0.18, urbanity) * (1 - smoothstep(placeRadius(VILLAGE_UP_TO), placeRadius(TOWN_FROM), radius));
}

/** How far inside a historic centre of this radius a point at this distance lies (1 within it, 0 far out). */
export function oldTownWeight(distance: number, radius: number): number {
  return 1 - smoothstep(radius * 0.9, radius * 1.8, distance);
}
