import type { MultiPolygon, Polygon, Position } from 'geojson';
import { pointInRing } from './pointInRing';

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
