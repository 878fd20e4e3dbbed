import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { MunicipalityShape, Place } from '../geography/SwissGeography';
import type { MainUse } from '../catalog/zoneCatalog';
import { type Point, type Ring, pointInArea } from '../../geo/ring';
import { lonLatToMercator } from '../../geo/projection';
import type { Rng } from '../random';
import type { DensityField } from './DensityField';
import { blockSpacing } from './zonePlan';
import type { StreetEdge } from './buildStreets';

/**
 * The layout of a generated municipality: the town's blocks (Voronoi cells seeded densest where people
 * live), the parcels waiting to be numbered, and the road strips along the street edges.
 */

/** The same (Multi)Polygon with Web Mercator coordinates. */
export function projectArea(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  const ring = (r: Position[]) => r.map((p) => lonLatToMercator(p[0], p[1]));
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ring) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((poly) => poly.map(ring)) };
}

export interface Block {
  ring: Ring;
  use: MainUse;
  urbanity: number;
  edges: StreetEdge[];
}

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

export function blockSeeds(x0: number, y0: number, x1: number, y1: number, k: number, density: DensityField, rng: Rng): number[] {
  const seeds: number[] = [];
  const size0 = Math.max(x1 - x0, y1 - y0);
  const visit = (x: number, y: number, size: number, depth: number) => {
    if (x > x1 || y > y1) return;
    const spacing = blockSpacing(density.maxIn(x, y, x + size, y + size)) * k;
    if (size > spacing * 1.15 && depth < 16) {
      const h = size / 2;
      visit(x, y, h, depth + 1);
      visit(x + h, y, h, depth + 1);
      visit(x, y + h, h, depth + 1);
      visit(x + h, y + h, h, depth + 1);
      return;
    }
    seeds.push(x + size * rng.range(0.15, 0.85), y + size * rng.range(0.15, 0.85));
  };
  visit(x0, y0, size0, 0);
  return seeds;
}

export const vertexKey = (p: Point) => `${Math.round(p[0] * 100)},${Math.round(p[1] * 100)}`;

export function distanceToSegment(p: Point, a: Point, b: Point): { d: number; t: number; cross: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  const qx = a[0] + dx * t;
  const qy = a[1] + dy * t;
  return { d: Math.hypot(p[0] - qx, p[1] - qy), t, cross: dx * (p[1] - a[1]) - dy * (p[0] - a[0]) };
}

export function roadRing(e: StreetEdge, width: number): Ring | null {
  const len = Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1]);
  if (len < width * 1.5) return null;
  const ux = (e.b[0] - e.a[0]) / len;
  const uy = (e.b[1] - e.a[1]) / len;
  const nx = -uy * (width / 2);
  const ny = ux * (width / 2);
  // Stop half a width short of each junction so crossing roads do not overlap.
  const a: Point = [e.a[0] + (ux * width) / 2, e.a[1] + (uy * width) / 2];
  const b: Point = [e.b[0] - (ux * width) / 2, e.b[1] - (uy * width) / 2];
  return [
    [a[0] - nx, a[1] - ny],
    [b[0] - nx, b[1] - ny],
    [b[0] + nx, b[1] + ny],
    [a[0] + nx, a[1] + ny],
  ];
}

