import type { MultiPolygon, Polygon } from 'geojson';
import { type Point, type Ring, pointInRing, ringsBox } from '../../geo/ring';
import { lonLatToMercator } from '../../geo/projection';

/**
 * A municipality's drawing board: real metres on axes turned by `angle` (the main roads run along them),
 * origin at the municipality's core. Everything is laid out here and turned into Web Mercator at the end.
 */
export interface LocalFrame {
  /** Mercator metres per real metre at the municipality's latitude. */
  k: number;
  toMercator(p: Point): Point;
  toLocal(x: number, y: number): Point;
}

export function createLocalFrame(origin: Point, angle: number, k: number): LocalFrame {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const [ox, oy] = origin;
  return {
    k,
    toMercator: ([u, v]) => [ox + k * (u * cos - v * sin), oy + k * (u * sin + v * cos)],
    toLocal: (x, y) => {
      const dx = (x - ox) / k;
      const dy = (y - oy) / k;
      return [dx * cos + dy * sin, -dx * sin + dy * cos];
    },
  };
}

/** One ring of the municipality's land (outer or hole), in frame metres, with its box for quick rejects. */
export interface LandRing {
  ring: Ring;
  hole: boolean;
  box: [number, number, number, number];
}

/**
 * The municipality's land in frame metres: its outline (lakes already excluded) as rings, less the river
 * bands (`water`, convex rings: a point in one of them is off the land wherever the outline puts it).
 */
export interface Land {
  rings: LandRing[];
  water: LandRing[];
  box: [number, number, number, number];
}

export function landInFrame(geometry: Polygon | MultiPolygon, frame: LocalFrame): Land {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const rings: LandRing[] = [];
  for (const polygon of polygons) {
    polygon.forEach((positions, index) => {
      const ring: Ring = positions.slice(0, -1).map(([lon, lat]) => {
        const [x, y] = lonLatToMercator(lon, lat);
        return frame.toLocal(x, y);
      });
      if (ring.length >= 3) rings.push({ ring, hole: index > 0, box: ringsBox([ring]) });
    });
  }
  return { rings, water: [], box: ringsBox(rings.map((r) => r.ring)) };
}

/** The same land less the given river bands (convex rings, frame metres). */
export function withWater(land: Land, bands: readonly Ring[]): Land {
  return { ...land, water: bands.map((ring) => ({ ring, hole: true, box: ringsBox([ring]) })) };
}

/** Even-odd over all rings: inside an outer ring and not in a hole (polygons of a MultiPolygon are disjoint). */
export function inLand(p: Point, land: Land): boolean {
  let inside = false;
  for (const r of land.rings) {
    if (p[0] < r.box[0] || p[0] > r.box[1] || p[1] < r.box[2] || p[1] > r.box[3]) continue;
    if (pointInRing(p[0], p[1], r.ring)) inside = !inside;
  }
  if (!inside) return false;
  for (const r of land.water) {
    if (p[0] < r.box[0] || p[0] > r.box[1] || p[1] < r.box[2] || p[1] > r.box[3]) continue;
    if (pointInRing(p[0], p[1], r.ring)) return false;
  }
  return true;
}
