import type { Position, MultiPolygon, Polygon } from 'geojson';

/** A planar point and a closed ring without the repeated last point (generator units: Web Mercator metres). */
export type Point = [number, number];
export type Ring = Point[];

/** Signed shoelace area: positive when counter-clockwise with y up. */
export function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return sum / 2;
}

export function ringArea(ring: Ring): number {
  return Math.abs(signedArea(ring));
}

/** Area centroid of a simple ring (falls back to the vertex mean for degenerate rings). */
export function ringCentroid(ring: Ring): Point {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const [ox, oy] = ring[0];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const x0 = ring[j][0] - ox;
    const y0 = ring[j][1] - oy;
    const x1 = ring[i][0] - ox;
    const y1 = ring[i][1] - oy;
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-9) {
    const n = ring.length;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [ox + cx / (3 * a), oy + cy / (3 * a)];
}

/** Even-odd test; works for rings given as GeoJSON positions or generator points. */
export function pointInRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i][0];
    const yi = ring[i][1];
    const xj = ring[j][0];
    const yj = ring[j][1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPolygon(x: number, y: number, rings: Position[][]): boolean {
  if (!pointInRing(x, y, rings[0])) return false;
  for (let i = 1; i < rings.length; i++) if (pointInRing(x, y, rings[i])) return false;
  return true;
}

/** Point in a (Multi)Polygon, holes respected. Coordinates in the geometry's own units. */
export function pointInArea(x: number, y: number, geometry: Polygon | MultiPolygon): boolean {
  if (geometry.type === 'Polygon') return inPolygon(x, y, geometry.coordinates);
  return geometry.coordinates.some((rings) => inPolygon(x, y, rings));
}

/** [minX, maxX, minY, maxY] of rings. */
export function ringsBox(rings: readonly Ring[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, maxX, minY, maxY];
}

/** Whether the segment a–b meets the box [minX, minY, maxX, maxY] (Liang–Barsky clipping). */
function segmentMeetsBox(a: Position, b: Position, [minX, minY, maxX, maxY]: readonly number[]): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  for (const [p, q] of [
    [-dx, a[0] - minX],
    [dx, maxX - a[0]],
    [-dy, a[1] - minY],
    [dy, maxY - a[1]],
  ]) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/**
 * Whether a polygon (exterior ring first, then holes) meets the box [minX, minY, maxX, maxY]: an edge or a
 * vertex touches it, or the box lies inside the polygon. The OGC API's bbox filter, in the box's units.
 */
export function polygonMeetsBox(rings: readonly Position[][], box: readonly number[]): boolean {
  for (const ring of rings)
    for (let i = 0; i < ring.length; i++)
      if (segmentMeetsBox(ring[i], ring[(i + 1) % ring.length], box)) return true;
  return rings.length > 0 && inPolygon((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, rings as Position[][]);
}

/** Whether a (Multi)Polygon meets the box [minX, minY, maxX, maxY]: any of its parts does (polygonMeetsBox). */
export function areaMeetsBox(geometry: Polygon | MultiPolygon, box: readonly number[]): boolean {
  if (geometry.type === 'Polygon') return polygonMeetsBox(geometry.coordinates, box);
  return geometry.coordinates.some((rings) => polygonMeetsBox(rings, box));
}

/** Whether a line (or a single point) meets the box [minX, minY, maxX, maxY]. */
export function lineMeetsBox(line: readonly Position[], box: readonly number[]): boolean {
  if (line.length === 1) return segmentMeetsBox(line[0], line[0], box);
  for (let i = 0; i + 1 < line.length; i++) if (segmentMeetsBox(line[i], line[i + 1], box)) return true;
  return false;
}
