import type { MainUse } from '../catalog/zoneCatalog';
import type { Rng } from '../random';

/** Superblocks (between main roads) are this wide, ± a fifth (real metres). */
export const SUPERBLOCK_SIZE = 200;
/** Urbanity from which a superblock is settled (a building zone with streets). */
export const SETTLED_URBANITY = 0.17;
export const MAIN_ROAD_WIDTH = 9;
/** Below this urbanity a residential superblock is a village: houses along its roads, a field behind. */
export const VILLAGE_URBANITY = 0.24;

/** Main use of a settled superblock, from how urban its place is (old-town cores are small; suburbs wide). */
export function chooseBuildingZone(urbanity: number, rng: Rng): MainUse {
  if (urbanity >= 0.8) return rng.weighted<MainUse>([[14, 60], [13, 28], [15, 12]]);
  if (urbanity >= 0.55) return rng.weighted<MainUse>([[13, 38], [11, 34], [15, 9], [12, 10], [16, 6], [17, 3]]);
  return rng.weighted<MainUse>([[11, 62], [12, 17], [13, 9], [15, 6], [16, 6]]);
}

/** Main use of land outside settlements: forest where the shared forest field is above the canton's level, else farmland. */
export function chooseOpenLandUse(forest: number, forestLevel: number, urbanity: number, rng: Rng): MainUse {
  if (forest > forestLevel) return 43;
  if (urbanity < 0.04 && rng.chance(0.2)) return 23;
  return rng.weighted<MainUse>([[21, 86], [31, 7], [44, 7]]);
}

/** How a settled superblock is cut by local streets (columns × rows of blocks) and their width. */
export function localStreetPlan(use: MainUse, rng: Rng): { columns: number; rows: number; width: number } {
  switch (use) {
    case 14:
      return { columns: 3, rows: 3, width: 5 };
    case 13:
    case 17:
      return { columns: 2, rows: 2, width: 7 };
    case 11:
      return rng.chance(0.5) ? { columns: 2, rows: 3, width: 6 } : { columns: 3, rows: 2, width: 6 };
    case 15:
      return rng.chance(0.5) ? { columns: 2, rows: 1, width: 7 } : { columns: 1, rows: 2, width: 7 };
    default:
      return { columns: 1, rows: 1, width: 7 };
  }
}

/** Street frontage of one lot (real metres) per zone: narrow in old towns, wide in work zones. */
export function lotFrontage(use: MainUse, depth: number, rng: Rng): number {
  switch (use) {
    case 14:
      return rng.range(7, 13.5);
    case 13:
      return rng.range(28, 45);
    case 17:
      return rng.range(25, 45);
    case 11:
      // Multi-family houses on deeper lots, villas on the others.
      return depth > 40 || rng.chance(0.15) ? rng.range(28, 40) : rng.range(16, 25);
    case 12:
      return rng.range(45, 100);
    case 15:
      return rng.range(50, 120);
    default:
      return Infinity;
  }
}

/** Target area (real m²) of a field or forest parcel outside settlements. */
export function openLandParcelArea(use: MainUse, rng: Rng): number {
  switch (use) {
    case 43:
      return rng.range(8_000, 40_000);
    case 23:
      return rng.range(30_000, 100_000);
    case 21:
      return rng.range(10_000, 32_000);
    default:
      return rng.range(10_000, 40_000);
  }
}
