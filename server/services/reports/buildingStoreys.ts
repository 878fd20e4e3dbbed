import type { BuildingObject } from '../../../src/contract/Parcel';

/** Storey height assumed when the register's volume does not give a plausible one, metres. */
export const ASSUMED_STOREY_HEIGHT = 3;
/** Height given to the neighbourhood's buildings, whose storeys the map read does not carry, metres. */
export const CONTEXT_BUILDING_HEIGHT = 6;
/** Storey heights the register's figures are trusted for (floor to floor), metres. */
const PLAUSIBLE_STOREY = { min: 2.4, max: 6 } as const;

export interface BuildingStoreys {
  /** Storeys above ground (the register's floors; at least one). */
  count: number;
  /** Floor-to-floor height, metres. */
  storeyHeight: number;
  /** Eaves height above the ground: count × storeyHeight, metres. */
  height: number;
  /** Whether the storey height comes from volume ÷ (footprint × floors) rather than the assumption. */
  fromVolume: boolean;
}

/** A building's storeys and height from its floors, the storey height from its volume where plausible. */
export function buildingStoreys(building: BuildingObject): BuildingStoreys {
  const count = Math.max(1, Math.round(building.OBJ_FLO || 0));
  const fromVolume =
    building.OBJ_VOL > 0 && building.OBJ_SUR > 0 ? building.OBJ_VOL / building.OBJ_SUR / count : Number.NaN;
  const plausible = fromVolume >= PLAUSIBLE_STOREY.min && fromVolume <= PLAUSIBLE_STOREY.max;
  const storeyHeight = plausible ? Math.round(fromVolume * 100) / 100 : ASSUMED_STOREY_HEIGHT;
  return { count, storeyHeight, height: Math.round(count * storeyHeight * 100) / 100, fromVolume: plausible };
}
