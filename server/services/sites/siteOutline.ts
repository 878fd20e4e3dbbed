import { union, type Geom } from 'polyclip-ts';
import type { PolygonGeometry } from '../../../src/contract/Parcel';
import { SITE_NEIGHBOUR_TOLERANCE_METRES } from '../../../src/contract/Sites';
import { ringArea, pointInRing } from '../../geo/ring';

type Point = [number, number];
type Ring = Point[];
/** Polygons with their rings (outer first, then holes), as GeoJSON nests them. */
export type Polygons = Ring[][];

/** A GeoJSON Polygon or MultiPolygon as a list of polygons. */
export function polygonsOf(geometry: PolygonGeometry | undefined): Polygons {
  if (!geometry) return [];
  const polygons = (
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  ) as number[][][][];
  return polygons.map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [x, y] as Point)));
}

/** Polygons as the smallest GeoJSON geometry that holds them. */
export function geometryOf(polygons: Polygons): PolygonGeometry {
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** The area of polygons with holes, in the square of their unit. */
export function polygonsArea(polygons: Polygons): number {
  return polygons.reduce(
    (sum, [outer, ...holes]) =>
      sum + (outer ? ringArea(outer) : 0) - holes.reduce((h, hole) => h + ringArea(hole), 0),
    0,
  );
}

const shift = (polygons: Polygons, [dx, dy]: Point): Polygons =>
  polygons.map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [x + dx, y + dy] as Point)));

/**
 * The union of the parcels' outlines. LV95 coordinates are millions of metres: the union is computed
 * around the first corner (a few hundred metres at most) so the clipping keeps the millimetres, then
 * moved back and rounded to the millimetre the survey form stores.
 */
export function unitedOutline(parcels: readonly Polygons[]): Polygons {
  const origin = parcels.flat(3)[0];
  if (!origin) return [];
  const local = parcels.filter((p) => p.length).map((p) => shift(p, [-origin[0], -origin[1]]) as Geom);
  const [first, ...rest] = local;
  const united = union(first, ...rest) as Polygons;
  const millimetre = (value: number) => Math.round(value * 1000) / 1000;
  return united.map((polygon) =>
    polygon.map((ring) => ring.map(([x, y]) => [millimetre(x + origin[0]), millimetre(y + origin[1])])),
  );
}

/** Shortest distance from point p to segment ab. */
function pointToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const along = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + along * dx), py - (ay + along * dy));
}

const orientation = (a: Point, b: Point, c: Point) =>
  Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

/** Shortest distance between two segments (0 when they cross). */
function segmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return 0;
  return Math.min(
    pointToSegment(a, c, d),
    pointToSegment(b, c, d),
    pointToSegment(c, a, b),
    pointToSegment(d, a, b),
  );
}

type Box = [minX: number, minY: number, maxX: number, maxY: number];

function boxOf(polygons: Polygons): Box {
  const points = polygons.flat(2);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const edges = (polygons: Polygons): [Point, Point][] =>
  polygons.flat().flatMap((ring) => ring.map((p, i): [Point, Point] => [p, ring[(i + 1) % ring.length]]));

/** Whether two outlines touch, overlap or are at most `tolerance` apart (their boxes tested first). */
export function areNeighbours(
  a: Polygons,
  b: Polygons,
  tolerance = SITE_NEIGHBOUR_TOLERANCE_METRES,
): boolean {
  const [ax0, ay0, ax1, ay1] = boxOf(a);
  const [bx0, by0, bx1, by1] = boxOf(b);
  if (ax0 > bx1 + tolerance || bx0 > ax1 + tolerance || ay0 > by1 + tolerance || by0 > ay1 + tolerance)
    return false;
  // One inside the other (an enclave): a corner of one lies in the other's outer ring.
  const inside = (inner: Polygons, outer: Polygons) =>
    outer.some(
      ([ring]) => ring && inner.some(([own]) => own?.[0] && pointInRing(own[0][0], own[0][1], ring)),
    );
  if (inside(a, b) || inside(b, a)) return true;
  const near = edges(b).filter(
    ([p, q]) =>
      Math.max(p[0], q[0]) >= ax0 - tolerance &&
      Math.min(p[0], q[0]) <= ax1 + tolerance &&
      Math.max(p[1], q[1]) >= ay0 - tolerance &&
      Math.min(p[1], q[1]) <= ay1 + tolerance,
  );
  return edges(a).some(([p, q]) => near.some(([r, s]) => segmentDistance(p, q, r, s) <= tolerance));
}

/**
 * The parcels grouped into sets of neighbours (each touches another of its group, ADR 037), as indexes
 * in the order given. One group means the parcels form one site.
 */
export function neighbourGroups(parcels: readonly Polygons[]): number[][] {
  const parent = parcels.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < parcels.length; i++) {
    for (let j = i + 1; j < parcels.length; j++) {
      if (root(i) !== root(j) && areNeighbours(parcels[i], parcels[j])) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, number[]>();
  parcels.forEach((_, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  return [...groups.values()];
}
