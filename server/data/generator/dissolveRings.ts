import { type Point, type Ring, pointInRing, signedArea } from '../../geo/ring';
import type { AreaPolygon } from '../../store/layers/LayerFeature';


/** Vertices closer than this (mercator metres) are one vertex; T-junction points within it lie on an edge. */
const TOLERANCE = 0.005;

const keyOf = (p: Point) => `${Math.round(p[0] / TOLERANCE)},${Math.round(p[1] / TOLERANCE)}`;

function counterClockwise(ring: Ring): Ring {
  return signedArea(ring) >= 0 ? ring : [...ring].reverse();
}

/** Where `p` lies along a→b (0..1), or -1 when it is not on the segment's interior. */
function alongSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return -1;
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  if (t <= 0 || t >= 1) return -1;
  const distance = Math.abs(dx * (p[1] - a[1]) - dy * (p[0] - a[0])) / Math.sqrt(len2);
  return distance < TOLERANCE ? t : -1;
}

/** Drops points that lie on the straight line between their neighbours (left over from removed edges). */
function withoutCollinear(ring: Ring): Ring {
  const out: Ring = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const prev = ring[(i - 1 + n) % n];
    const next = ring[(i + 1) % n];
    if (alongSegment(ring[i], prev, next) < 0) out.push(ring[i]);
  }
  return out;
}

/**
 * The union of pieces that tile an area without overlapping (the parcels cut from one block): edges two
 * pieces share cancel out, the rest chain into rings. Pieces cut later from a neighbour leave T-junctions
 * (a vertex on the middle of the other side's edge), so every edge is first split at the group's vertices
 * lying on it. Returns polygons with their holes; neighbours with the same class so become one area with
 * no inner border.
 */
export function dissolveRings(rings: readonly Ring[]): AreaPolygon[] {
  if (rings.length === 1) {
    const ring = counterClockwise(rings[0]);
    return ring.length >= 3 ? [{ exterior: ring, holes: [] }] : [];
  }
  const oriented = rings.filter((ring) => ring.length >= 3).map(counterClockwise);
  const vertices = new Map<string, Point>();
  for (const ring of oriented) for (const p of ring) vertices.set(keyOf(p), p);
  const points = [...vertices.values()];

  // Directed edges after splitting at T-junctions; a shared edge appears once each way.
  const edges = new Map<string, { from: Point; to: Point; fromKey: string; toKey: string }>();
  const addEdge = (from: Point, to: Point) => {
    const fromKey = keyOf(from);
    const toKey = keyOf(to);
    if (fromKey === toKey) return;
    const reverse = `${toKey}>${fromKey}`;
    if (edges.has(reverse)) edges.delete(reverse);
    else edges.set(`${fromKey}>${toKey}`, { from, to, fromKey, toKey });
  };
  for (const ring of oriented) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % ring.length];
      const inner: [number, Point][] = [];
      for (const p of points) {
        const t = alongSegment(p, a, b);
        if (t > 0) inner.push([t, p]);
      }
      inner.sort((u, v) => u[0] - v[0]);
      let from = a;
      for (const [, p] of inner) {
        addEdge(from, p);
        from = p;
      }
      addEdge(from, b);
    }
  }

  // Chain the remaining edges into closed rings.
  const outgoing = new Map<string, { from: Point; to: Point; fromKey: string; toKey: string }[]>();
  for (const edge of edges.values()) {
    const list = outgoing.get(edge.fromKey);
    if (list) list.push(edge);
    else outgoing.set(edge.fromKey, [edge]);
  }
  const closed: Ring[] = [];
  for (const start of edges.values()) {
    const first = outgoing.get(start.fromKey);
    if (!first?.includes(start)) continue;
    const ring: Ring = [];
    let edge: (typeof start) | undefined = start;
    while (edge) {
      const list = outgoing.get(edge.fromKey) as (typeof start)[];
      list.splice(list.indexOf(edge), 1);
      ring.push(edge.from);
      if (edge.toKey === start.fromKey) break;
      edge = outgoing.get(edge.toKey)?.[0];
    }
    const clean = withoutCollinear(ring);
    if (clean.length >= 3 && signedArea(clean) !== 0) closed.push(clean);
  }

  const exteriors = closed.filter((ring) => signedArea(ring) > 0);
  const polygons: AreaPolygon[] = exteriors.map((exterior) => ({ exterior, holes: [] }));
  for (const hole of closed.filter((ring) => signedArea(ring) < 0)) {
    const [x, y] = hole[0];
    const owner = polygons
      .filter((polygon) => pointInRing(x, y, polygon.exterior))
      .sort((a, b) => signedArea(a.exterior) - signedArea(b.exterior))[0];
    owner?.holes.push(hole);
  }
  return polygons;
}
