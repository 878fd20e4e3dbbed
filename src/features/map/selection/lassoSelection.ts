import type { CanvasPoint } from './boxSelection';

/** Pointer travel below which a new point of a lasso is dropped (the path stays short on a long stroke), px. */
export const LASSO_POINT_SPACING_PX = 3;

/** Turns a position on the map (longitude, latitude) into a point on the canvas. */
export type ProjectToCanvas = (lngLat: [number, number]) => CanvasPoint;

/** The outline of a rendered feature, as queryRenderedFeatures gives it (GeoJSON, WGS84). */
export interface RenderedGeometry {
  type: string;
  coordinates?: unknown;
}

/** The lasso's path with the pointer's next position: taken when it is far enough from the last point. */
export function lassoWith(path: readonly CanvasPoint[], next: CanvasPoint): CanvasPoint[] {
  const last = path.at(-1);
  if (last && Math.hypot(next[0] - last[0], next[1] - last[1]) < LASSO_POINT_SPACING_PX) return [...path];
  return [...path, next];
}

/** The smallest box around the points, as its top-left and bottom-right corners. */
export function boundsOf(points: readonly CanvasPoint[]): [CanvasPoint, CanvasPoint] {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.max(...ys)],
  ];
}

/** Whether two boxes overlap (touching edges count). */
function boxesMeet(a: [CanvasPoint, CanvasPoint], b: [CanvasPoint, CanvasPoint]): boolean {
  return a[0][0] <= b[1][0] && b[0][0] <= a[1][0] && a[0][1] <= b[1][1] && b[0][1] <= a[1][1];
}

/** Which side of the line a→b the point c lies on: positive left, negative right, 0 on it. */
function side(a: CanvasPoint, b: CanvasPoint, c: CanvasPoint): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** Whether c, known to lie on the line through a and b, lies between them. */
function onSegment(a: CanvasPoint, b: CanvasPoint, c: CanvasPoint): boolean {
  return (
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1])
  );
}

/** Whether the segments p1–p2 and q1–q2 meet (touching counts). */
export function segmentsMeet(p1: CanvasPoint, p2: CanvasPoint, q1: CanvasPoint, q2: CanvasPoint): boolean {
  const d1 = side(q1, q2, p1);
  const d2 = side(q1, q2, p2);
  const d3 = side(p1, p2, q1);
  const d4 = side(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(q1, q2, p1)) ||
    (d2 === 0 && onSegment(q1, q2, p2)) ||
    (d3 === 0 && onSegment(p1, p2, q1)) ||
    (d4 === 0 && onSegment(p1, p2, q2))
  );
}

/**
 * Whether the point lies inside the area the rings enclose, by the even-odd rule: a point in a hole of a
 * parcel is outside it, and a lasso crossing itself encloses what a drawn outline shows.
 */
export function insideRings(point: CanvasPoint, rings: readonly (readonly CanvasPoint[])[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The edges of closed rings (a ring need not repeat its first point). */
function* edgesOf(rings: readonly (readonly CanvasPoint[])[]): Generator<[CanvasPoint, CanvasPoint]> {
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) yield [ring[i], ring[(i + 1) % ring.length]];
  }
}

/**
 * Whether a polygon (its rings: outline and holes) meets the lasso (a closed path): an edge of one crosses
 * an edge of the other, or one lies wholly inside the other.
 */
export function polygonMeetsLasso(
  rings: readonly (readonly CanvasPoint[])[],
  lasso: readonly CanvasPoint[],
): boolean {
  const outline = rings[0];
  if (!outline?.length || lasso.length < 3) return false;
  if (!boxesMeet(boundsOf(outline), boundsOf(lasso))) return false;
  const lassoEdges = [...edgesOf([lasso])];
  for (const [a, b] of edgesOf(rings)) {
    for (const [c, d] of lassoEdges) if (segmentsMeet(a, b, c, d)) return true;
  }
  return insideRings(lasso[0], rings) || insideRings(outline[0], [lasso]);
}

/** The polygons of a rendered outline (a Polygon or a MultiPolygon) projected onto the canvas. */
function projectedPolygons(geometry: RenderedGeometry, project: ProjectToCanvas): CanvasPoint[][][] {
  const ringsOf = (polygon: [number, number][][]) => polygon.map((ring) => ring.map(project));
  if (geometry.type === 'Polygon') return [ringsOf(geometry.coordinates as [number, number][][])];
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as [number, number][][][]).map(ringsOf);
  return [];
}

/**
 * The rendered features whose outline meets the lasso drawn on the canvas. The features are those a query
 * of the lasso's bounding box found; their outlines are projected to compare in the pixels the user saw.
 */
export function featuresInLasso<F extends { geometry: RenderedGeometry }>(
  features: readonly F[],
  lasso: readonly CanvasPoint[],
  project: ProjectToCanvas,
): F[] {
  return features.filter((feature) =>
    projectedPolygons(feature.geometry, project).some((rings) => polygonMeetsLasso(rings, lasso)),
  );
}
