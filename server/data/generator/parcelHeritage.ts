import type { BuildingType } from '../../../src/contract/Parcel';
import type { ParcelThemes } from '../../store/contract/parcels/DatasetWriter';

/** What the heritage facts of a parcel need to know of a building on it. */
export interface HeritageBuilding {
  typ: BuildingType;
  /** OBJ_PRO: 'none' or the protection level. */
  pro: string;
}

export interface ParcelHeritage {
  /** The PRO_BUN search flag (column pro_bun). */
  proBun: boolean;
  themes: Pick<ParcelThemes, 'PRO_BUN' | 'PRO_BUC' | 'PRO_OOB'>;
}

/**
 * A parcel's building-heritage facts, stated from the buildings that stand on it, so the parcel and its
 * buildings never disagree ("Protected buildings (national): none" beside a nationally protected
 * building). `siteObject` is the PRO_OOB value of the site itself (a fountain, a wayside shrine), kept
 * unless a building on the parcel is a protected object.
 */
export function parcelHeritage(buildings: readonly HeritageBuilding[], siteObject: string): ParcelHeritage {
  const national = buildings.some((b) => b.pro === 'national');
  return {
    proBun: national,
    themes: {
      PRO_BUN: national ? 'KGS A object' : 'none',
      PRO_BUC: buildings.some((b) => b.pro === 'cantonal') ? 'cantonal protection' : 'none',
      PRO_OOB: buildings.some((b) => b.typ === 'protected_object') ? 'protected object' : siteObject,
    },
  };
}
