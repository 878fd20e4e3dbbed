import type { MultiPolygon, Polygon } from 'geojson';

/** Metres per degree of latitude (and of longitude at the equator) on the WGS84 sphere used for short distances. */
const METRES_PER_DEGREE = 111_320;

/**
 * Metres from a WGS84 point to the nearest edge of an area's rings (0 only on an edge; inside or outside
 * alike). An equirectangular plane around the point: good to a few parts in a thousand over the few
 * hundred metres it is asked about.
 */
export function metresToAreaOutline(lon: number, lat: number, geometry: Polygon | MultiPolygon): number {
  const kx = METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const ky = METRES_PER_DEGREE;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = Infinity;
  for (const rings of polygons)
    for (const ring of rings)
      for (let i = 1; i < ring.length; i++) {
        const ax = (ring[i - 1][0] - lon) * kx;
        const ay = (ring[i - 1][1] - lat) * ky;
        const bx = (ring[i][0] - lon) * kx;
        const by = (ring[i][1] - lat) * ky;
        const dx = bx - ax;
        const dy = by - ay;
        const length2 = dx * dx + dy * dy;
        const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
        best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
      }
  return best;
}
