import { type Point, type Ring, pointInRing, signedArea } from '../../geo/ring';
import type { AreaPolygon } from '../../store/contract/layers/LayerFeature';

/** Vertices closer than this (mercator metres) are one vertex; T-junction points within it lie on an edge. */
const TOLERANCE = 0.005;

function counterClockwise(ring: Ring): Ring {
  return signedArea(ring) >= 0 ? ring : [...ring].reverse();
}

/** Where `p` lies along a→b (0..1), or -1 when it is not on the segment's interior. */
function alongSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return -1;
  const t = ((px - ax) * dx + (py - ay) * dy) / len2;
  if (t <= 0 || t >= 1) return -1;
  const distance = Math.abs(dx * (py - ay) - dy * (px - ax)) / Math.sqrt(len2);
  return distance < TOLERANCE ? t : -1;
}

/** Drops points that lie on the straight line between their neighbours (left over from removed edges). */
function withoutCollinear(ring: Ring): Ring {
  const out: Ring = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const [px, py] = ring[(i - 1 + n) % n];
    const [nx, ny] = ring[(i + 1) % n];
    if (alongSegment(ring[i][0], ring[i][1], px, py, nx, ny) < 0) out.push(ring[i]);
  }
  return out;
}

/**
 * Pieces that tile an area without overlapping (the parcels cut from one block), prepared once for
 * dissolving any subset of them: vertices within the tolerance become one numbered vertex, and every
 * edge is split at the vertices lying on it (pieces cut later from a neighbour leave T-junctions: a vertex
 * in the middle of the other side's edge). The map layers dissolve the same block's parcels for eight
 * layers, grouped by each layer's class: the splitting, the costly part, is done once for all of them.
 */
export interface PieceDissolver {
  /** The union of the pieces at `indices` (in that order): polygons with their holes. */
  dissolve(indices: readonly number[]): AreaPolygon[];
}

export function createPieceDissolver(rings: readonly Ring[]): PieceDissolver {
  const xs: number[] = [];
  const ys: number[] = [];
  const vertexOf = new Map<string, number>();
  const vertex = (p: Point): number => {
    const key = `${Math.round(p[0] / TOLERANCE)},${Math.round(p[1] / TOLERANCE)}`;
    let id = vertexOf.get(key);
    if (id === undefined) {
      id = xs.length;
      vertexOf.set(key, id);
      xs.push(p[0]);
      ys.push(p[1]);
    }
    return id;
  };
  const oriented = rings.map((ring) => (ring.length >= 3 ? counterClockwise(ring) : null));
  const ringVertices = oriented.map((ring) => (ring ? ring.map(vertex) : null));
  const count = xs.length;
  // Vertices by x, so an edge looks only at those within its x range.
  const byX = Array.from({ length: count }, (_, i) => i).sort((a, b) => xs[a] - xs[b]);
  const sortedX = byX.map((i) => xs[i]);
  const firstAtLeast = (x: number) => {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedX[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** Each piece's directed edges after splitting, as (from, to) vertex pairs. */
  const pieceEdges = ringVertices.map((ids) => {
    if (!ids) return [];
    const edges: number[] = [];
    const add = (from: number, to: number) => {
      if (from !== to) edges.push(from, to);
    };
    for (let i = 0; i < ids.length; i++) {
      const a = ids[i];
      const b = ids[(i + 1) % ids.length];
      const ax = xs[a];
      const ay = ys[a];
      const bx = xs[b];
      const by = ys[b];
      const minY = Math.min(ay, by) - TOLERANCE;
      const maxY = Math.max(ay, by) + TOLERANCE;
      const end = Math.max(ax, bx) + TOLERANCE;
      let inner: [number, number][] | null = null;
      for (let k = firstAtLeast(Math.min(ax, bx) - TOLERANCE); k < count && sortedX[k] <= end; k++) {
        const p = byX[k];
        if (p === a || p === b || ys[p] < minY || ys[p] > maxY) continue;
        const t = alongSegment(xs[p], ys[p], ax, ay, bx, by);
        if (t > 0) (inner ??= []).push([t, p]);
      }
      let from = a;
      if (inner) {
        inner.sort((u, v) => u[0] - v[0]);
        for (const [, p] of inner) {
          add(from, p);
          from = p;
        }
      }
      add(from, b);
    }
    return edges;
  });

  return {
    dissolve(indices) {
      if (indices.length === 1) {
        const ring = oriented[indices[0]];
        return ring ? [{ exterior: ring, holes: [] }] : [];
      }
      // Edges two pieces share appear once each way and cancel; the rest, in order, chain into rings.
      const remaining = new Set<number>();
      const from: number[] = [];
      const to: number[] = [];
      for (const index of indices) {
        const edges = pieceEdges[index];
        for (let e = 0; e < edges.length; e += 2) {
          const reverse = edges[e + 1] * count + edges[e];
          if (remaining.has(reverse)) remaining.delete(reverse);
          else remaining.add(edges[e] * count + edges[e + 1]);
        }
      }
      const outgoing = new Map<number, number[]>();
      for (const key of remaining) {
        const edge = from.length;
        const a = Math.floor(key / count);
        from.push(a);
        to.push(key - a * count);
        const list = outgoing.get(a);
        if (list) list.push(edge);
        else outgoing.set(a, [edge]);
      }
      const used = new Uint8Array(from.length);
      const closed: Ring[] = [];
      for (let start = 0; start < from.length; start++) {
        if (used[start]) continue;
        const ring: Ring = [];
        let edge: number | undefined = start;
        while (edge !== undefined) {
          used[edge] = 1;
          const list = outgoing.get(from[edge]) as number[];
          list.splice(list.indexOf(edge), 1);
          ring.push([xs[from[edge]], ys[from[edge]]]);
          if (to[edge] === from[start]) break;
          edge = outgoing.get(to[edge])?.[0];
        }
        const clean = withoutCollinear(ring);
        if (clean.length >= 3 && signedArea(clean) !== 0) closed.push(clean);
      }

      const polygons: AreaPolygon[] = closed
        .filter((ring) => signedArea(ring) > 0)
        .map((exterior) => ({ exterior, holes: [] }));
      for (const hole of closed.filter((ring) => signedArea(ring) < 0)) {
        const [x, y] = hole[0];
        const owner = polygons
          .filter((polygon) => pointInRing(x, y, polygon.exterior))
          .sort((a, b) => signedArea(a.exterior) - signedArea(b.exterior))[0];
        owner?.holes.push(hole);
      }
      return polygons;
    },
  };
}

/**
 * The union of pieces that tile an area without overlapping: edges two pieces share cancel out, the rest
 * chain into rings. Returns polygons with their holes; neighbours with the same class so become one area
 * with no inner border.
 */
export function dissolveRings(rings: readonly Ring[]): AreaPolygon[] {
  if (rings.length === 1) {
    const ring = counterClockwise(rings[0]);
    return ring.length >= 3 ? [{ exterior: ring, holes: [] }] : [];
  }
  return createPieceDissolver(rings).dissolve(rings.map((_, i) => i));
}
