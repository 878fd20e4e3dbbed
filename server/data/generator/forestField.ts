import { CANTON_FOREST } from '../catalog/cantonForest';
import { OLD_TOWNS } from '../catalog/oldTowns';
import type { MunicipalityShape, SwissGeography } from '../geography/SwissGeography';
import { pointInArea } from '../../geo/ring';
import { lonLatToMercator, mercatorScale, mercatorToLonLat } from '../../geo/projection';
import { createRng, createValueNoise, hashSeed } from '../random';
import {
  coreVillageCentre,
  oldTownCentre,
  PLACE_REACH,
  placeCentre,
  placeReach,
  type DensityCentre,
} from './DensityField';
import { interiorPoint, projectArea } from './municipalityLayout';
import { SETTLED_URBANITY } from './zonePlan';

/** Forest patches of the shared field are about this wide (Web Mercator metres). */
const FOREST_CELL = 2_200;
/** Spacing (real metres) of the points at which a canton's land is sampled to place its forest line. */
const SAMPLE_SPACING = 250;
/** The land each sample point stands for. */
const HECTARES_PER_SAMPLE = (SAMPLE_SPACING * SAMPLE_SPACING) / 10_000;

/** The dataset's forest field in [0, 1): shared by every municipality, so forests run across their borders. */
export function createForestField(seed: number): (x: number, y: number) => number {
  return createValueNoise(hashSeed(seed, 'forest'), FOREST_CELL);
}

/** Whether a point is settled (urbanity ≥ SETTLED_URBANITY), through a grid of the places' reaches: a canton has hundreds. */
function createSettledTest(centres: readonly DensityCentre[]): (x: number, y: number) => boolean {
  const cell = 2_000;
  const cells = new Map<number, { x: number; y: number; reach: number }[]>();
  const key = (i: number, j: number) => i * 100_003 + j;
  for (const c of centres) {
    const reach = placeReach(c.radius, SETTLED_URBANITY);
    for (let i = Math.floor((c.x - reach) / cell); i <= Math.floor((c.x + reach) / cell); i++) {
      for (let j = Math.floor((c.y - reach) / cell); j <= Math.floor((c.y + reach) / cell); j++) {
        const list = cells.get(key(i, j));
        if (list) list.push({ x: c.x, y: c.y, reach });
        else cells.set(key(i, j), [{ x: c.x, y: c.y, reach }]);
      }
    }
  }
  return (x, y) =>
    (cells.get(key(Math.floor(x / cell), Math.floor(y / cell))) ?? []).some(
      (c) => Math.hypot(x - c.x, y - c.y) <= c.reach,
    );
}

/** The forest field at points spread evenly over the municipalities' land outside their settlements. */
function sampleOpenLand(municipalities: readonly MunicipalityShape[], geography: SwissGeography, seed: number) {
  const [minLon, minLat, maxLon, maxLat] = municipalities.reduce(
    (box, m) => [Math.min(box[0], m.bbox[0]), Math.min(box[1], m.bbox[1]), Math.max(box[2], m.bbox[2]), Math.max(box[3], m.bbox[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  const k = mercatorScale((minLat + maxLat) / 2);
  const near = (lon: number, lat: number) =>
    lon > minLon - PLACE_REACH && lon < maxLon + PLACE_REACH && lat > minLat - PLACE_REACH && lat < maxLat + PLACE_REACH;
  const places = geography.places.filter((p) => near(p.lon, p.lat));
  // The centres generateMunicipality settles: the real places, every municipality's core village, the old towns.
  const centres: DensityCentre[] = places.map((p) => placeCentre(p, k));
  for (const m of municipalities) {
    const [x, y] = interiorPoint(m, projectArea(m.geometry), places, createRng(hashSeed(seed, m.bfs)));
    centres.push(coreVillageCentre(x, y, k));
  }
  for (const t of OLD_TOWNS.filter((t) => near(t.lon, t.lat))) {
    const [x, y] = lonLatToMercator(t.lon, t.lat);
    centres.push(oldTownCentre({ x, y, radius: t.radius * k }));
  }
  const settled = createSettledTest(centres);
  const forest = createForestField(seed);
  const step = SAMPLE_SPACING * k;
  const open: number[] = [];
  for (const m of municipalities) {
    const [x0, y0] = lonLatToMercator(m.bbox[0], m.bbox[1]);
    const [x1, y1] = lonLatToMercator(m.bbox[2], m.bbox[3]);
    // A lattice anchored at whole multiples of the step: neighbouring municipalities never sample a point twice.
    for (let x = Math.ceil(x0 / step) * step; x < x1; x += step) {
      for (let y = Math.ceil(y0 / step) * step; y < y1; y += step) {
        const [lon, lat] = mercatorToLonLat(x, y);
        if (!pointInArea(lon, lat, m.geometry)) continue;
        if (!settled(x, y)) open.push(forest(x, y));
      }
    }
  }
  return open;
}

/**
 * Where each canton's forest begins on the forest field: the level above which its open land holds the
 * canton's real forest area (LFI). Worked out from the whole canton, whichever of its municipalities are
 * built, so a municipality's forest never depends on what else is in the dataset. A canton without a
 * figure keeps the field's national level.
 */
export function forestLevels(geography: SwissGeography, cantonCodes: readonly string[], seed: number): Map<string, number> {
  const levels = new Map<string, number>();
  for (const { cantons, hectares } of CANTON_FOREST) {
    if (!cantons.some((code) => cantonCodes.includes(code))) continue;
    const municipalities = geography.municipalities.filter((m) => cantons.includes(m.cantonCode));
    if (municipalities.length === 0) continue;
    const open = sampleOpenLand(municipalities, geography, seed);
    const forestPoints = Math.round(hectares / HECTARES_PER_SAMPLE);
    open.sort((a, b) => b - a);
    const level = forestPoints >= open.length ? 0 : forestPoints <= 0 ? 1 : open[forestPoints];
    for (const code of cantons) levels.set(code, level);
  }
  return levels;
}

/** The forest level of a canton without a published forest area: about a third of open land is forest. */
export const NATIONAL_FOREST_LEVEL = 0.59;
