import { type Point, type Ring, ringArea, ringCentroid, ringsBox, signedArea } from '../../geo/ring';
import { clipToConvexWindow, mainAxis, splitConvex } from '../../geo/convex';
import { type Land, type LandRing, inLand } from './LocalFrame';

/** Pieces smaller than this (m²) are dropped: slivers along the outline, not parcels. */
const MIN_PIECE_AREA = 12;
/** Below this size (m) a piece the outline still crosses in a complicated way is dropped. */
const MIN_SPLIT_SIZE = 4;
const MAX_DEPTH = 8;

type Box = [number, number, number, number];

const boxesOverlap = (a: Box, b: Box) => a[0] <= b[1] && b[0] <= a[1] && a[2] <= b[3] && b[2] <= a[3];

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const d2 = (b[0] - a[0]) * (d[1] - a[1]) - (b[1] - a[1]) * (d[0] - a[0]);
  const d3 = (d[0] - c[0]) * (a[1] - c[1]) - (d[1] - c[1]) * (a[0] - c[0]);
  const d4 = (d[0] - c[0]) * (b[1] - c[1]) - (d[1] - c[1]) * (b[0] - c[0]);
  return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0;
}

/** How often the land ring crosses the piece's outline, and whether one of its vertices lies inside the piece. */
function contact(land: LandRing, piece: Ring, box: Box): { crossings: number; vertexInside: boolean } {
  let crossings = 0;
  let vertexInside = false;
  const ring = land.ring;
  const ccw = signedArea(piece) > 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j];
    const b = ring[i];
    if (Math.max(a[0], b[0]) < box[0] || Math.min(a[0], b[0]) > box[1]) continue;
    if (Math.max(a[1], b[1]) < box[2] || Math.min(a[1], b[1]) > box[3]) continue;
    for (let e = 0, f = piece.length - 1; e < piece.length; f = e++) {
      if (segmentsCross(a, b, piece[f], piece[e])) crossings++;
    }
    if (!vertexInside && b[0] > box[0] && b[0] < box[1] && b[1] > box[2] && b[1] < box[3]) {
      vertexInside = piece.every((p, e) => {
        const q = piece[(e + 1) % piece.length];
        const cross = (q[0] - p[0]) * (b[1] - p[1]) - (q[1] - p[1]) * (b[0] - p[0]);
        return ccw ? cross > 0 : cross < 0;
      });
    }
  }
  return { crossings, vertexInside };
}

/** Drops repeated points and zero-width spikes (a point whose neighbours lie back along the same line). */
export function cleanRing(ring: Ring): Ring | null {
  let points = ring.filter((p, i) => {
    const q = ring[(i + 1) % ring.length];
    return Math.abs(p[0] - q[0]) > 1e-7 || Math.abs(p[1] - q[1]) > 1e-7;
  });
  for (let changed = true; changed && points.length >= 3; ) {
    changed = false;
    for (let i = 0; i < points.length; i++) {
      const p = points[(i + points.length - 1) % points.length];
      const c = points[i];
      const n = points[(i + 1) % points.length];
      const cross = (c[0] - p[0]) * (n[1] - c[1]) - (c[1] - p[1]) * (n[0] - c[0]);
      const len = Math.hypot(c[0] - p[0], c[1] - p[1]) * Math.hypot(n[0] - c[0], n[1] - c[1]);
      if (Math.abs(cross) <= 1e-9 * Math.max(len, 1e-9)) {
        points = points.filter((_, j) => j !== i);
        changed = true;
        break;
      }
    }
  }
  if (points.length < 3 || ringArea(points) < MIN_PIECE_AREA) return null;
  return signedArea(points) > 0 ? points : points.reverse();
}

/**
 * The parts of a convex piece (frame metres) that lie on the municipality's land. Inside: the piece itself
 * (no copy, no cost). Crossed once by the outline (two crossings): Sutherland–Hodgman of the outline ring
 * against the piece, which is exact then. Anything more complicated (a hole, an island, a wiggly shore) is
 * halved and retried, down to a few metres, where what is left is dropped: never a parcel in the lake.
 */
export function clipToLand(piece: Ring, land: Land, depth = 0): Ring[] {
  const box = ringsBox([piece]);
  if (!boxesOverlap(box, land.box)) return [];
  let involved: LandRing | null = null;
  let several = false;
  let crossings = 0;
  for (const r of land.water.length === 0 ? land.rings : [...land.rings, ...land.water]) {
    if (!boxesOverlap(r.box, box)) continue;
    const c = contact(r, piece, box);
    if (c.crossings === 0 && !c.vertexInside) continue;
    if (involved) several = true;
    involved = r;
    crossings += c.crossings;
  }
  if (!involved) return inLand(ringCentroid(piece), land) ? [piece] : [];
  if (!several && crossings === 2 && !involved.hole) {
    const clipped = cleanRing(clipToConvexWindow(involved.ring, piece));
    // A piece the outline crosses may lie in a river band that its edges do not cross (a border river).
    return clipped && (land.water.length === 0 || inLand(ringCentroid(clipped), land)) ? [clipped] : [];
  }
  const size = Math.max(box[1] - box[0], box[3] - box[2]);
  if (depth >= MAX_DEPTH || size < MIN_SPLIT_SIZE) return [];
  // Halved across its longest edge's direction (convex halves, so they can be halved again).
  const halves = splitConvex(piece, 0.5, mainAxis(piece));
  return halves.flatMap((half) => {
    const cleaned = cleanRing(half);
    return cleaned ? clipToLand(cleaned, land, depth + 1) : [];
  });
}

/** Whether a convex piece lies wholly on the land, wholly off it, or across the outline. */
export function landCover(piece: Ring, land: Land): 'inside' | 'outside' | 'partial' {
  const box = ringsBox([piece]);
  if (!boxesOverlap(box, land.box)) return 'outside';
  for (const r of land.water.length === 0 ? land.rings : [...land.rings, ...land.water]) {
    if (!boxesOverlap(r.box, box)) continue;
    const c = contact(r, piece, box);
    if (c.crossings > 0 || c.vertexInside) return 'partial';
  }
  return inLand(ringCentroid(piece), land) ? 'inside' : 'outside';
}
