import type { Ring } from '../../../geo/ring';

/** PostGIS's EWKB flag for a geometry that carries its SRID. */
const WITH_SRID = 0x20000000;
export const WEB_MERCATOR = 3857;
const KIND_TYPE = { 1: 1, 2: 2, 3: 3 } as const; // MVT kinds point/line/area → WKB Point/LineString/Polygon

/** Ring closed as WKB wants it (the codec's rings omit the repeated first point). */
function closed(ring: Ring): Ring {
  if (ring.length === 0) return ring;
  const [fx, fy] = ring[0];
  const [lx, ly] = ring[ring.length - 1];
  return fx === lx && fy === ly ? ring : [...ring, ring[0]];
}

/**
 * Hex EWKB (EPSG:3857) of stored rings for a `geometry` column: an area's rings as a Polygon, a line's one
 * ring as a LineString, a point's as a Point. Null for a degenerate area (under three corners), which
 * PostGIS would refuse; its box still places it on the map.
 */
export function mercatorEwkbHex(kind: 1 | 2 | 3, rings: readonly Ring[]): string | null {
  const type = KIND_TYPE[kind];
  let points: Ring[];
  if (type === 3) {
    if (rings.length === 0 || rings.some((ring) => ring.length < 3)) return null;
    points = rings.map(closed);
  } else {
    const ring = rings[0] ?? [];
    if (ring.length < type) return null; // a point needs one position, a line two
    points = [type === 1 ? ring.slice(0, 1) : ring];
  }
  const doubles = points.reduce((sum, ring) => sum + ring.length * 2, 0);
  const header = 1 + 4 + 4;
  const counts = type === 3 ? 4 + points.length * 4 : type === 2 ? 4 : 0;
  const out = Buffer.alloc(header + counts + doubles * 8);
  let pos = out.writeUInt8(1, 0); // little endian
  pos = out.writeUInt32LE((type | WITH_SRID) >>> 0, pos);
  pos = out.writeUInt32LE(WEB_MERCATOR, pos);
  if (type === 3) pos = out.writeUInt32LE(points.length, pos);
  for (const ring of points) {
    if (type !== 1) pos = out.writeUInt32LE(ring.length, pos);
    for (const [x, y] of ring) {
      pos = out.writeDoubleLE(x, pos);
      pos = out.writeDoubleLE(y, pos);
    }
  }
  return out.toString('hex');
}

/** WKB's MultiPolygon type. */
const MULTI_POLYGON = 6;

/**
 * Hex EWKB (EPSG:3857) of an area's parts: a Polygon for one part, a MultiPolygon (its parts as WKB
 * Polygons without SRID) for several. Null when a part is degenerate (as mercatorEwkbHex).
 */
export function mercatorAreaEwkbHex(parts: readonly (readonly Ring[])[]): string | null {
  if (parts.length === 1) return mercatorEwkbHex(3, parts[0]);
  if (
    parts.length === 0 ||
    parts.some((rings) => rings.length === 0 || rings.some((ring) => ring.length < 3))
  )
    return null;
  const polygons = parts.map((rings) => rings.map(closed));
  const size = polygons.reduce(
    (sum, rings) => sum + 1 + 4 + 4 + rings.reduce((s, ring) => s + 4 + ring.length * 16, 0),
    1 + 4 + 4 + 4,
  );
  const out = Buffer.alloc(size);
  let pos = out.writeUInt8(1, 0); // little endian
  pos = out.writeUInt32LE((MULTI_POLYGON | WITH_SRID) >>> 0, pos);
  pos = out.writeUInt32LE(WEB_MERCATOR, pos);
  pos = out.writeUInt32LE(polygons.length, pos);
  for (const rings of polygons) {
    pos = out.writeUInt8(1, pos);
    pos = out.writeUInt32LE(3, pos);
    pos = out.writeUInt32LE(rings.length, pos);
    for (const ring of rings) {
      pos = out.writeUInt32LE(ring.length, pos);
      for (const [x, y] of ring) {
        pos = out.writeDoubleLE(x, pos);
        pos = out.writeDoubleLE(y, pos);
      }
    }
  }
  return out.toString('hex');
}
