import { RBTree } from 'bintrees';
import type { PolygonCoordinates } from './readGeoPackageGeometry';
import { reason, type Reason } from './CadastreSource';

type Position = [number, number];

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return true;
  // Collinear overlap of non-adjacent edges also makes a ring invalid.
  const onSegment = (p: Position, q: Position, r: Position) =>
    Math.min(p[0], q[0]) <= r[0] && r[0] <= Math.max(p[0], q[0]) && Math.min(p[1], q[1]) <= r[1] && r[1] <= Math.max(p[1], q[1]);
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * Index of a pair of non-adjacent edges that meet, or null, by a sweep along x: edges sorted by their west
 * end, each compared with the edges still open at that x whose north-south span meets its own. Exact and
 * fast for ordinary outlines; a shape that keeps thousands of edges open at once (thin parallel spikes)
 * costs n × open edges, so after `budget` comparisons it gives up (undefined) for the ordered sweep.
 */
function crossingByOpenEdges(ring: Position[], budget: number): [number, number] | null | undefined {
  const n = ring.length - 1; // closed: the last point repeats the first
  const west = new Float64Array(n);
  const east = new Float64Array(n);
  const south = new Float64Array(n);
  const north = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    west[i] = Math.min(a[0], b[0]);
    east[i] = Math.max(a[0], b[0]);
    south[i] = Math.min(a[1], b[1]);
    north[i] = Math.max(a[1], b[1]);
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => west[p] - west[q]);
  const open = new Int32Array(n);
  let openCount = 0;
  let work = 0;
  for (const i of order) {
    let kept = 0;
    work += openCount;
    if (work > budget) return undefined;
    for (let k = 0; k < openCount; k++) {
      const j = open[k];
      if (east[j] < west[i]) continue;
      open[kept++] = j;
      if (adjacentEdges(i, j, n) || north[j] < south[i] || south[j] > north[i]) continue;
      if (segmentsCross(ring[i], ring[i + 1], ring[j], ring[j + 1])) return i < j ? [i, j] : [j, i];
    }
    openCount = kept;
    open[openCount++] = i;
  }
  return null;
}

/**
 * The pair of consecutive edges where the ring turns straight back along itself (a spike of no width, which
 * the OGC rules count as the ring touching itself), or null. With none, adjacent edges meet only at their
 * shared vertex, which both sweeps rely on when they skip adjacent pairs.
 */
function doublingBack(ring: Position[]): [number, number] | null {
  const n = ring.length - 1;
  for (let i = 0; i < n; i++) {
    const [a, b, c] = [ring[(i + n - 1) % n], ring[i], ring[i + 1]];
    const [ux, uy, vx, vy] = [b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]];
    if (ux * vy - uy * vx === 0 && ux * vx + uy * vy < 0) return i === 0 ? [0, n - 1] : [i - 1, i];
  }
  return null;
}

/** Edges adjacent along the ring share a vertex by construction; so do the first and the last. */
const adjacentEdges = (i: number, j: number, n: number) => Math.abs(i - j) === 1 || Math.abs(i - j) === n - 1;

/** An edge with its ends ordered west to east (then south to north). */
interface SweepEdge {
  index: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  slope: number;
}

/**
 * The same answer in O(n log n) whatever the shape (Shamos–Hoey): the sweep keeps the open edges ordered
 * south to north in a red-black tree and tests only edges that become neighbours there; the first pair that
 * meets is reported. A vertex the ring passes twice is found first among the sorted events, so every other
 * point is the end of exactly two edges, the only edges allowed to meet there.
 */
function crossingByOrder(ring: Position[]): [number, number] | null {
  const n = ring.length - 1;
  const edges: SweepEdge[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    const forward = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
    const [p, q] = forward ? [a, b] : [b, a];
    edges.push({ index: i, x1: p[0], y1: p[1], x2: q[0], y2: q[1], slope: q[0] === p[0] ? Infinity : (q[1] - p[1]) / (q[0] - p[0]) });
  }
  // Events: each edge enters at its west end and leaves at its east end; at one point, entries first.
  const events: { x: number; y: number; enter: boolean; edge: SweepEdge }[] = [];
  for (const edge of edges) {
    events.push({ x: edge.x1, y: edge.y1, enter: true, edge }, { x: edge.x2, y: edge.y2, enter: false, edge });
  }
  events.sort((a, b) => a.x - b.x || a.y - b.y || Number(b.enter) - Number(a.enter) || a.edge.index - b.edge.index);
  // Each vertex ends two edges: more events at one point is a vertex the ring passes twice.
  for (let k = 2; k < events.length; k++) {
    const [first, third] = [events[k - 2], events[k]];
    if (first.x === third.x && first.y === third.y) {
      const [i, j] = [first.edge.index, third.edge.index];
      return i < j ? [i, j] : [j, i];
    }
  }
  let px = 0;
  let py = 0;
  const yAt = (e: SweepEdge) => {
    if (px === e.x1) return e.x2 === e.x1 ? Math.min(Math.max(py, e.y1), e.y2) : e.y1;
    if (px === e.x2) return e.y2;
    return e.y1 + (px - e.x1) * e.slope;
  };
  let found: [number, number] | null = null;
  const meet = (a: SweepEdge | null, b: SweepEdge | null) => {
    if (!a || !b || found || adjacentEdges(a.index, b.index, n)) return;
    const [i, j] = [a.index, b.index];
    if (segmentsCross(ring[i], ring[i + 1], ring[j], ring[j + 1])) found = i < j ? [i, j] : [j, i];
  };
  const compare = (a: SweepEdge, b: SweepEdge): number => {
    if (a === b) return 0;
    const difference = yAt(a) - yAt(b);
    if (difference !== 0) return difference;
    // Edges level at the sweep point: non-adjacent ones meet there (checked, then ordered by slope).
    if (!adjacentEdges(a.index, b.index, n)) meet(a, b);
    const startsHere = (e: SweepEdge) => e.x1 === px && e.y1 === py;
    const endsHere = (e: SweepEdge) => e.x2 === px && e.y2 === py;
    // Two edges from one vertex: east of it the steeper is north; two edges into one vertex: west of it
    // the steeper is south; collinear ones (a ring doubling back) by index.
    if (startsHere(a) && startsHere(b) && a.slope !== b.slope) return a.slope - b.slope > 0 ? 1 : -1;
    if (endsHere(a) && endsHere(b) && a.slope !== b.slope) return a.slope - b.slope > 0 ? -1 : 1;
    if (endsHere(a) !== endsHere(b)) return endsHere(a) ? -1 : 1;
    if (a.slope !== b.slope) return a.slope - b.slope > 0 ? 1 : -1;
    return a.index - b.index;
  };
  const tree = new RBTree<SweepEdge>(compare);
  const neighbours = (edge: SweepEdge): [SweepEdge | null, SweepEdge | null] => {
    const at = tree.findIter(edge);
    if (!at) return [null, null];
    const below = at.prev();
    // Back over the edge itself (or onto the first edge when there was none below), then past it.
    if (below === null) return [null, tree.findIter(edge)?.next() ?? null];
    at.next();
    return [below, at.next()];
  };
  for (const event of events) {
    px = event.x;
    py = event.y;
    if (event.enter) {
      tree.insert(event.edge);
      const [below, above] = neighbours(event.edge);
      meet(below, event.edge);
      meet(event.edge, above);
    } else {
      const [below, above] = neighbours(event.edge);
      tree.remove(event.edge);
      meet(below, above);
    }
    if (found) return found;
  }
  return null;
}

/** Comparisons the open-edge sweep may make per edge before the ordered sweep takes over. */
const OPEN_EDGE_WORK_PER_EDGE = 64;

/** Index of a pair of non-adjacent edges that meet (touch or cross), or null: a ring must not meet itself. */
function selfIntersection(ring: Position[]): [number, number] | null {
  const back = doublingBack(ring);
  if (back) return back;
  const quick = crossingByOpenEdges(ring, OPEN_EDGE_WORK_PER_EDGE * ring.length + 10_000);
  return quick === undefined ? crossingByOrder(ring) : quick;
}

/** Both sweeps, for the tests that hold them to the same answers. */
export const ringCrossingSweeps = {
  byOpenEdges: (ring: Position[]) => doublingBack(ring) ?? crossingByOpenEdges(ring, Infinity),
  byOrder: (ring: Position[]) => doublingBack(ring) ?? crossingByOrder(ring),
};

export function planarRingArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return Math.abs(sum / 2);
}

/** A ring's name in a reason: "the exterior ring", "hole 2". */
const ringName = (r: number) =>
  r === 0
    ? reason('ring.exterior', 'the exterior ring')
    : reason('ring.hole', `hole ${r}`, { n: String(r) });

/** An "invalid geometry: {ring} …" reason of catalogue key `reason.ring.` + key. */
const ringReason = (key: string, ring: Reason, english: string, values?: Record<string, string>) =>
  reason(`reason.ring.${key}`, `invalid geometry: ${ring.english} ${english}`, { ring, ...values });

/**
 * Why a polygon is not a valid parcel (OGC simple-feature rules the register follows), or null: every ring
 * closed with at least four positions, finite coordinates, an exterior of non-zero area, no ring touching
 * or crossing itself.
 */
export function polygonReason(polygon: PolygonCoordinates): Reason | null {
  if (polygon.length === 0) return reason('reason.noRings', 'invalid geometry: the polygon has no rings');
  for (let r = 0; r < polygon.length; r++) {
    const ring = polygon[r];
    const name = ringName(r);
    if (ring.length < 4)
      return ringReason('tooFew', name, `has ${ring.length} positions (at least 4)`, { positions: String(ring.length) });
    if (!ring.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y)))
      return ringReason('nonNumeric', name, 'has a non-numeric coordinate');
    const [first, last] = [ring[0], ring[ring.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) return ringReason('notClosed', name, 'is not closed');
    // A flat ring (all on one line) turns back on itself too: its lack of area is the plainer reason.
    if (doublingBack(ring) && planarRingArea(ring) === 0) return ringReason('noArea', name, 'has no area');
    const crossing = selfIntersection(ring);
    if (crossing)
      return ringReason('selfIntersection', name, `intersects itself (edges ${crossing[0] + 1} and ${crossing[1] + 1})`, {
        first: String(crossing[0] + 1),
        second: String(crossing[1] + 1),
      });
    if (planarRingArea(ring) === 0) return ringReason('noArea', name, 'has no area');
  }
  return null;
}

/** polygonReason's English text (the benchmark and the unit tests read it). */
export const polygonProblem = (polygon: PolygonCoordinates): string | null => polygonReason(polygon)?.english ?? null;
