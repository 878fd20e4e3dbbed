import type { MultiPolygon, Polygon, Position } from 'geojson';
import { lonLatToMercator } from '../../geo/projection';
/** The same (Multi)Polygon with Web Mercator coordinates. */
export function projectArea(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  const ring = (r: Position[]) => r.map((p) => lonLatToMercator(p[0], p[1]));
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ring) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((poly) => poly.map(ring)) };
}
