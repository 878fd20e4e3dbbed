
import { lonLatToMercator } from '../../geo/projection';
import type { Place } from '../geography/SwissGeography';

/** Places this far (degrees, ~15 km) outside a municipality still shape its density. */
export const PLACE_REACH = 0.2;
/** The influence radius (real metres) of every municipality's core village. */
const CORE_VILLAGE_RADIUS = 160;
/** A historic centre pulls density this many times its old-town radius out (the town's densest place). */
const OLD_TOWN_PULL = 2.5;

/** A place in generator units: Web Mercator metres and a radius of influence in mercator metres. */
export interface DensityCentre {
  x: number;
  y: number;
  radius: number;
}

/** Urbanity in [0, 1]: 1 in a town centre, falling off with distance scaled by the town's size. */
export interface DensityField {
  at(x: number, y: number): number;
  /** Highest urbanity anywhere in a rectangle (for deciding how fine to subdivide it). */
  maxIn(x0: number, y0: number, x1: number, y1: number): number;
  /** The urbanity here and the radius of the place that gives it (a village's is small, a town's large). */
  dominant(x: number, y: number): { urbanity: number; radius: number };
}

/**
 * Settled land per inhabitant falls with a place's size (ARE 2022: 586 m² in Jura, 169 in Geneva, 107 in
 * Basel-Stadt): a place of `DENSITY_PIVOT` inhabitants settles the land of 180 m × √(population / 1,000),
 * smaller places relatively more, larger ones less, by the power `DENSITY_SPREAD`. Calibrated on the
 * building zones of Aargau and Zug and the parcels of Geneva (docs/data-and-importing.md § Dataset realism).
 */
const DENSITY_PIVOT = 9_000;
const DENSITY_SPREAD = 0.8;

/** Influence radius in real metres: a village of 1,000 ~430 m, a town of 20,000 ~590 m, a city of 200,000 ~740 m (its quarters and suburbs are places of their own). */
export function placeRadius(population: number): number {
  const spread = Math.pow(Math.max(population, 1) / DENSITY_PIVOT, -DENSITY_SPREAD / 2);
  return Math.min(4000, Math.max(120, 180 * Math.sqrt(population / 1000) * spread));
}

/** A real place's density centre; `k` is the mercator scale at the municipality's latitude. */
export function placeCentre(place: Place, k: number): DensityCentre {
  const [x, y] = lonLatToMercator(place.lon, place.lat);
  return { x, y, radius: placeRadius(place.population) * k };
}

/** The density centre of a historic centre whose old-town core has this (mercator) radius. */
export function oldTownCentre(town: DensityCentre): DensityCentre {
  return { ...town, radius: town.radius * OLD_TOWN_PULL };
}

/**
 * The village every municipality has at its core, even below the places' 1,000 inhabitants: a hamlet's reach
 * (160 real metres), kept small so a village of a few hundred stays one.
 */
export function coreVillageCentre(x: number, y: number, k: number): DensityCentre {
  return { x, y, radius: CORE_VILLAGE_RADIUS * k };
}

/** How far from a place of this radius its urbanity stays at or above `level` (urbanity is exp(−d / radius)). */
export function placeReach(radius: number, level: number): number {
  return radius * Math.log(1 / level);
}

export function createDensityField(centres: DensityCentre[]): DensityField {
  const value = (d: number, c: DensityCentre) => Math.exp(-d / c.radius);
  return {
    at(x, y) {
      let best = 0;
      for (const c of centres) best = Math.max(best, value(Math.hypot(x - c.x, y - c.y), c));
      return best;
    },
    dominant(x, y) {
      let urbanity = 0;
      let radius = 0;
      for (const c of centres) {
        const v = value(Math.hypot(x - c.x, y - c.y), c);
        if (v > urbanity) {
          urbanity = v;
          radius = c.radius;
        }
      }
      return { urbanity, radius };
    },
    maxIn(x0, y0, x1, y1) {
      let best = 0;
      for (const c of centres) {
        const dx = c.x < x0 ? x0 - c.x : c.x > x1 ? c.x - x1 : 0;
        const dy = c.y < y0 ? y0 - c.y : c.y > y1 ? c.y - y1 : 0;
        best = Math.max(best, value(Math.hypot(dx, dy), c));
      }
      return best;
    },
  };
}

