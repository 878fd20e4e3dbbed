import type { BuildingType } from '../../../src/contract/Parcel';
import { CONSTRUCTION_PERIODS, MINOR_TYPES, PERIOD_WEIGHTS } from '../catalog/buildingCatalog';
import type { MainUse } from '../catalog/zoneCatalog';
import { PROTECTION_LEVELS, type ProtectionLevel } from '../../../src/contract/ParcelVocabulary';
import { type Point, type Ring, ringArea, ringCentroid, pointInRing } from '../../geo/ring';
import { mainAxis, splitConvex } from '../../geo/convex';
import type { Rng } from '../random';
/** A building footprint and its register-shaped attributes (before ids and addresses are attached). */
export interface PlacedBuilding {
  ring: Ring;
  typ: BuildingType;
  pro: string;
  /** Footprint, real m². */
  sur: number;
  floors: number;
  dwellings: number;
  year: number | null;
  period: string;
}

function buildingCount(use: MainUse, rng: Rng): number {
  switch (use) {
    case 14:
      return rng.weighted([[1, 85], [2, 15]]);
    case 13:
    case 11:
      return rng.weighted([[0, 10], [1, 72], [2, 15], [3, 3]]);
    case 12:
      return rng.weighted([[0, 8], [1, 50], [2, 30], [3, 12]]);
    case 15:
    case 17:
      return rng.weighted([[0, 15], [1, 55], [2, 30]]);
    case 16:
    case 18:
      return rng.chance(0.15) ? 1 : 0;
    case 21:
      return rng.weighted([[0, 82], [1, 12], [2, 6]]);
    default:
      return rng.chance(0.02) ? 1 : 0;
  }
}

const COVERAGE: Partial<Record<MainUse, number>> = { 14: 0.6, 13: 0.38, 11: 0.24, 12: 0.45, 15: 0.3, 17: 0.25 };

function footprint(part: Ring, coverage: number, maxArea: number, rng: Rng): Ring | null {
  const axis = mainAxis(part);
  const normal: Point = [-axis[1], axis[0]];
  const c = ringCentroid(part);
  const area = Math.min(ringArea(part) * coverage, maxArea);
  const aspect = rng.range(1, 2.2);
  let half = [Math.sqrt(area * aspect) / 2, Math.sqrt(area / aspect) / 2];
  for (let attempt = 0; attempt < 7; attempt++) {
    const corners: Ring = [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ].map(([u, v]) => [
      c[0] + axis[0] * u * half[0] + normal[0] * v * half[1],
      c[1] + axis[1] * u * half[0] + normal[1] * v * half[1],
    ]);
    if (corners.every((p) => pointInRing(p[0], p[1], part))) return corners;
    half = [half[0] * 0.8, half[1] * 0.8];
  }
  return null;
}

function period(use: MainUse, rng: Rng): { year: number; label: string } {
  const code = use === 14 && rng.chance(0.5) ? 8011 : rng.weighted(PERIOD_WEIGHTS);
  const p = CONSTRUCTION_PERIODS.find((x) => x.code === code) ?? CONSTRUCTION_PERIODS[0];
  return { year: rng.int(p.from, p.to), label: p.label };
}

/** The stronger of two OBJ_PRO values (national > cantonal > communal > none). */
function stronger(a: string, b: string): string {
  const rank = (level: string) => (PROTECTION_LEVELS as readonly string[]).indexOf(level);
  const ra = rank(a);
  const rb = rank(b);
  if (ra === -1) return b;
  if (rb === -1) return a;
  return ra <= rb ? a : b;
}

function protection(use: MainUse, year: number, rng: Rng): ProtectionLevel | 'none' {
  const old = year < 1919 ? 4 : 1;
  const r = rng.next();
  if (r < 0.002 * old * (use === 14 ? 3 : 1)) return 'national';
  if (r < 0.012 * old * (use === 14 ? 2 : 1)) return 'cantonal';
  if (r < 0.03 * old) return 'communal';
  return 'none';
}

/**
 * 0–3 buildings on a parcel, aligned with it, register-shaped: category, period, floors, dwellings.
 * `scale2` converts mercator m² to real m² (cos² of the latitude). `listing` is the protection the
 * site's heritage value gives the main building (it may also be listed on its own, higher).
 */
export function placeBuildings(
  parcel: Ring,
  use: MainUse,
  scale2: number,
  rng: Rng,
  listing: ProtectionLevel | null = null,
): PlacedBuilding[] {
  const count = buildingCount(use, rng);
  if (count === 0) return [];
  let parts: Ring[] = [parcel];
  for (let attempt = 0; parts.length < count && attempt < count * 2; attempt++) {
    const biggest = parts.sort((a, b) => ringArea(b) - ringArea(a))[0];
    const halves = splitConvex(biggest, rng.range(0.4, 0.6), mainAxis(biggest)).filter((r) => r.length >= 3);
    // A sliver may not split; then the parcel simply gets fewer buildings.
    if (halves.length === 2) parts.splice(0, 1, ...halves);
  }
  parts = parts.slice(0, count);
  const coverage = COVERAGE[use] ?? 0.05;
  const result: PlacedBuilding[] = [];
  parts.forEach((part, index) => {
    const minor = index > 0 && rng.chance(0.35);
    const maxArea = (minor ? 60 : use === 12 ? 6000 : 1800) / scale2;
    const ring = footprint(part, minor ? 0.05 : coverage, maxArea, rng);
    if (!ring) return;
    const sur = Math.max(4, Math.round(ringArea(ring) * scale2));
    const residential = use === 11 || use === 13 || use === 14;
    const typ: BuildingType = minor
      ? rng.weighted(MINOR_TYPES)
      : residential && !rng.chance(0.12)
        ? 'building'
        : 'building_non_residential';
    const floors = minor ? 1 : use === 14 ? rng.int(3, 6) : use === 13 ? rng.int(2, 5) : use === 11 ? rng.int(1, 4) : rng.int(1, 3);
    const { year, label } = period(use, rng);
    const own = protection(use, year, rng);
    const pro = index === 0 && listing ? stronger(own, listing) : own;
    result.push({
      ring,
      typ: pro === 'national' && minor ? 'protected_object' : typ,
      pro,
      sur,
      floors,
      dwellings: typ === 'building' ? Math.max(1, Math.round((sur * floors * 0.8) / 95)) : 0,
      year: minor && rng.chance(0.5) ? null : year,
      period: label,
    });
  });
  return result;
}
