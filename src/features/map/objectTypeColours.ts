import type { BuildingType } from '../../contract/Parcel';

/**
 * The 11 canvas colours of the building types (spec §2/§3). The twelfth type, the protected object,
 * is not a colour: any building with OBJ_PRO other than 'none' gets the protected marker instead.
 */
export const OBJECT_TYPE_COLOURS: Record<Exclude<BuildingType, 'protected_object'>, string> = {
  building: '#e07b39',
  building_non_residential: '#8d6e63',
  bridge: '#546e7a',
  monument: '#ab47bc',
  mast_antenna: '#ef5350',
  wall: '#9e9e9e',
  tunnel_underpass_gallery: '#455a64',
  other_part: '#bdbdbd',
  underground_building: '#5c6bc0',
  shelter: '#26a69a',
  water_basin: '#29b6f6',
};

/** Colour for a type the table does not know (a newer register category). */
export const OBJECT_FALLBACK_COLOUR = '#cfcfcf';
