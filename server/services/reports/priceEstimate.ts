import type { Parcel } from '../../../src/contract/Parcel';

/** Share of the municipality's building-land level a zone reaches (federal main-use code → factor). */
const BUILDING_ZONE_FACTOR: Record<string, number> = {
  '11': 1, // residential
  '12': 0.6, // work
  '13': 1.05, // mixed
  '14': 1.2, // centre
  '15': 0.3, // public use
  '16': 0.2, // green
  '17': 0.8, // tourism and leisure
  '18': 0.1, // traffic
  '19': 0.5, // other building zone
};

/** CHF per m² outside building zones: farmland, and forest (orders of magnitude of Swiss land statistics). */
const FARMLAND_CHF_PER_M2 = 8;
const FOREST_CHF_PER_M2 = 2;

export interface PriceEstimate {
  chfPerM2: number;
  total: number;
  /** Which rule gave the figure: a building zone scaled from the municipality's level, or land outside them. */
  basis: 'buildingZone' | 'farmland' | 'forest';
}

/**
 * An approximate land price for the parcel: the municipality's building-land level scaled by the zone
 * (federal main-use code, BRAVO_PRIS), or a flat farmland/forest figure outside building zones. Null
 * without a municipality level or for a road. Always shown as an estimate, never as a valuation.
 */
export function estimateParcelPrice(parcel: Parcel, priceLevel: number | null): PriceEstimate | null {
  if (priceLevel === null || parcel.PRC_IND === 'Road') return null;
  const mainUse = parcel.BRAVO_PRIS?.[0] ?? '';
  const factor = BUILDING_ZONE_FACTOR[mainUse];
  let chfPerM2: number;
  let basis: PriceEstimate['basis'];
  if (factor !== undefined) {
    chfPerM2 = Math.round((priceLevel * factor) / 10) * 10;
    basis = 'buildingZone';
  } else if (mainUse === '43') {
    chfPerM2 = FOREST_CHF_PER_M2;
    basis = 'forest';
  } else {
    chfPerM2 = FARMLAND_CHF_PER_M2;
    basis = 'farmland';
  }
  // Totals are rounded to a thousand francs: more digits would pretend a precision the estimate lacks.
  const total = Math.round((chfPerM2 * parcel.PRC_SUR) / 1000) * 1000;
  return { chfPerM2, total, basis };
}

/** Whether the federal main-use code is a building zone (11–19). */
export const isBuildingZone = (mainUse: string | undefined): boolean =>
  mainUse !== undefined && BUILDING_ZONE_FACTOR[mainUse] !== undefined;
