import type { BuildingObject, Parcel } from '../../../src/contract/Parcel';

/**
 * The report's object type of a parcel (spec §3: detached, built-up, built-up divisible), plus
 * undeveloped for a parcel without buildings:
 * - detached: one free-standing building covering at most a third of the parcel;
 * - built-up divisible: built, and the unbuilt part could take another lot of at least
 *   MIN_DIVISIBLE_REMAINDER m² while keeping twice the footprint around the buildings;
 * - built-up: any other built parcel.
 */
export type ParcelObjectType = 'undeveloped' | 'detached' | 'builtUp' | 'builtUpDivisible';

export const MIN_DIVISIBLE_REMAINDER = 500;

/** Buildings that occupy ground (bridges, walls, masts and tunnels do not make a parcel built-up). */
const GROUND_BUILDINGS = new Set([
  'building',
  'building_non_residential',
  'monument',
  'shelter',
  'protected_object',
]);

export function parcelObjectType(parcel: Parcel, objects: readonly BuildingObject[]): ParcelObjectType {
  const buildings = objects.filter((o) => GROUND_BUILDINGS.has(o.OBJ_TYP));
  if (buildings.length === 0) return 'undeveloped';
  const footprint = buildings.reduce((sum, b) => sum + (b.OBJ_SUR || 0), 0);
  const remainder = parcel.PRC_SUR - 3 * footprint;
  if (remainder >= MIN_DIVISIBLE_REMAINDER) return 'builtUpDivisible';
  if (buildings.length === 1 && footprint <= parcel.PRC_SUR / 3) return 'detached';
  return 'builtUp';
}
