import type { PolygonCoordinates } from './readGeoPackageGeometry';

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
 * Index of a pair of non-adjacent edges that meet, or null: a ring must not touch or cross itself. A
 * sweep along x: edges sorted by their west end, each compared only with the edges still open at that
 * x whose north-south span meets its own — a 20,000-vertex outline takes a few hundred milliseconds,
 * where comparing every pair took seconds with the server blocked (the importer's vertex limit bounds
 * the rest).
 */
function selfIntersection(ring: Position[]): [number, number] | null {
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
  // Edges adjacent along the ring share a vertex by construction; so do the first and the last.
  const adjacent = (i: number, j: number) => Math.abs(i - j) === 1 || Math.abs(i - j) === n - 1;
  const open = new Int32Array(n);
  let openCount = 0;
  for (const i of order) {
    let kept = 0;
    for (let k = 0; k < openCount; k++) {
      const j = open[k];
      if (east[j] < west[i]) continue;
      open[kept++] = j;
      if (adjacent(i, j) || north[j] < south[i] || south[j] > north[i]) continue;
      if (segmentsCross(ring[i], ring[i + 1], ring[j], ring[j + 1])) return i < j ? [i, j] : [j, i];
    }
    openCount = kept;
    open[openCount++] = i;
  }
  return null;
}

export function planarRingArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return Math.abs(sum / 2);
}

/**
 * Why a polygon is not a valid parcel (OGC simple-feature rules the register follows), or null: every ring
 * closed with at least four positions, finite coordinates, an exterior of non-zero area, no ring touching
 * or crossing itself.
 */
export function polygonProblem(polygon: PolygonCoordinates): string | null {
  if (polygon.length === 0) return 'invalid geometry: the polygon has no rings';
  for (let r = 0; r < polygon.length; r++) {
    const ring = polygon[r];
    const name = r === 0 ? 'the exterior ring' : `hole ${r}`;
    if (ring.length < 4) return `invalid geometry: ${name} has ${ring.length} positions (at least 4)`;
    if (!ring.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))) return `invalid geometry: ${name} has a non-numeric coordinate`;
    const [first, last] = [ring[0], ring[ring.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) return `invalid geometry: ${name} is not closed`;
    const crossing = selfIntersection(ring);
    if (crossing)
      return `invalid geometry: ${name} intersects itself (edges ${crossing[0] + 1} and ${crossing[1] + 1})`;
    if (planarRingArea(ring) === 0) return `invalid geometry: ${name} has no area`;
  }
  return null;
}
