import { estimateBuildingReserve } from '../../../../src/contract/BuildingReserve';
import type { OfficialBuilding } from './BuildingsWriter';

/** The columns both buildings writers read of a municipality's parcels to recompute their derived values. */
export const PARCEL_RESERVE_COLUMNS = 'id, canton, alpha_pri, bravo_pri, sur, ind';

export interface ParcelReserveRow {
  id: number;
  canton: string;
  alpha_pri: string | null;
  bravo_pri: string | null;
  sur: number;
  ind: string;
}

/**
 * A parcel's values that follow from its buildings once they are replaced: the building count (OBJ_COUNT,
 * a search filter) and the building reserve (footprint × storeys against the zone's utilisation).
 */
export function parcelBuildingSums(
  parcels: readonly ParcelReserveRow[],
  buildings: readonly OfficialBuilding[],
): { id: number; objCount: number; utilisation: number | null; reserve: number | null }[] {
  const counts = new Map<number, number>();
  const floorAreas = new Map<number, number>();
  for (const b of buildings) {
    counts.set(b.parcelId, (counts.get(b.parcelId) ?? 0) + 1);
    floorAreas.set(b.parcelId, (floorAreas.get(b.parcelId) ?? 0) + b.attrs.OBJ_SUR * (b.attrs.OBJ_FLO || 1));
  }
  return parcels.map((p) => {
    const estimate = estimateBuildingReserve({
      canton: p.canton,
      zone: p.alpha_pri,
      mainUse: p.bravo_pri,
      area: p.sur,
      existingFloorArea: floorAreas.get(p.id) ?? 0,
      road: p.ind === 'Road',
    });
    return {
      id: p.id,
      objCount: counts.get(p.id) ?? 0,
      utilisation: estimate.utilisation,
      reserve: estimate.reserve,
    };
  });
}
