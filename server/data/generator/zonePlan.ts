import type { MainUse } from '../catalog/zoneCatalog';
import type { Rng } from '../random';
/** Distance between block seeds (real metres) for an urbanity: ~120 m in towns, ~900 m in the country. */
export function blockSpacing(urbanity: number): number {
  return 120 + Math.pow(1 - Math.min(1, urbanity / 0.5), 1.5) * 780;
}

/** Main use of a block, from how urban its place is (old-town cores are small; suburbs are wide). */
export function chooseZone(urbanity: number, rng: Rng): MainUse {
  if (urbanity >= 0.8) return rng.weighted<MainUse>([[14, 60], [13, 25], [15, 10], [16, 5]]);
  if (urbanity >= 0.5) return rng.weighted<MainUse>([[13, 40], [11, 30], [15, 10], [12, 10], [16, 7], [14, 3]]);
  if (urbanity >= 0.3) return rng.weighted<MainUse>([[11, 55], [13, 15], [12, 15], [15, 6], [16, 6], [18, 3]]);
  if (urbanity >= 0.15) return rng.weighted<MainUse>([[11, 50], [12, 20], [21, 25], [17, 2], [16, 3]]);
  if (urbanity >= 0.04) return rng.weighted<MainUse>([[21, 60], [43, 28], [31, 5], [11, 5], [44, 2]]);
  return rng.weighted<MainUse>([[43, 42], [23, 33], [21, 18], [31, 4], [44, 3]]);
}

/** Target parcel area (real m²) per main use, within the register's typical ranges. */
export function targetParcelArea(use: MainUse, rng: Rng): number {
  switch (use) {
    case 14:
      return rng.range(200, 700);
    case 13:
      return rng.range(500, 1800);
    case 11:
      return rng.chance(0.55) ? rng.range(400, 1000) : rng.range(800, 2500);
    case 12:
      return rng.range(2000, 20000);
    case 15:
    case 17:
      return rng.range(2000, 10000);
    case 16:
    case 18:
      return rng.range(1000, 5000);
    case 21:
      return rng.range(2500, 25000);
    case 31:
      return rng.range(10000, 100000);
    case 43:
      return rng.range(10000, 100000);
    case 23:
      return rng.range(50000, 500000);
    case 44:
      return rng.range(5000, 60000);
  }
}
