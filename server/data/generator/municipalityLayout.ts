import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { MunicipalityShape, Place } from '../geography/SwissGeography';
import type { MainUse } from '../catalog/zoneCatalog';
import { type Point, type Ring, pointInArea } from '../../geo/ring';
import { lonLatToMercator } from '../../geo/projection';
import type { Rng } from '../random';
import type { LotAxes } from './placeBuildings';

/** The layout of a generated municipality: its area in mercator, its core, the parcels waiting to be numbered. */

/** The same (Multi)Polygon with Web Mercator coordinates. */
export function projectArea(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  const ring = (r: Position[]) => r.map((p) => lonLatToMercator(p[0], p[1]));
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ring) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((poly) => poly.map(ring)) };
}

/** A parcel laid out in the municipality's frame (metres), waiting to be numbered and described. */
export interface PendingParcel {
  ring: Ring;
  use: MainUse;
  urbanity: number;
  typ: 'Eigentum' | 'Baurecht';
  ind: 'Standard' | 'Road';
  street: number | null;
  /** Position along the street and side (+1 left, −1 right) for house numbering. */
  along: number;
  side: number;
  numbered: boolean;
  copyOf: number | null;
  /** The lot's axes when it fronts a street (buildings face it), else null. */
  axes: LotAxes | null;
  /** The block it was cut from (area layers dissolve per block); roads: a negative number of their own. */
  block: number;
}

export function interiorPoint(m: MunicipalityShape, area: Polygon | MultiPolygon, places: Place[], rng: Rng): Point {
  const own = places.filter((p) => p.municipalityBfs === m.bfs).sort((a, b) => b.population - a.population)[0];
  if (own) {
    const p = lonLatToMercator(own.lon, own.lat);
    if (pointInArea(p[0], p[1], area)) return p;
  }
  const [x0, y0] = lonLatToMercator(m.bbox[0], m.bbox[1]);
  const [x1, y1] = lonLatToMercator(m.bbox[2], m.bbox[3]);
  const centre: Point = [(x0 + x1) / 2, (y0 + y1) / 2];
  if (pointInArea(centre[0], centre[1], area)) return centre;
  for (let i = 0; i < 500; i++) {
    const p: Point = [rng.range(x0, x1), rng.range(y0, y1)];
    if (pointInArea(p[0], p[1], area)) return p;
  }
  return centre;
}

export const vertexKey = (p: Point) => `${Math.round(p[0] * 100)},${Math.round(p[1] * 100)}`;
