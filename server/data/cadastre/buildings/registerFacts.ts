import type { BuildingType } from '../../../../src/contract/Parcel';
import { CONSTRUCTION_PERIODS } from '../../catalog/buildingCatalog';
import type { RegisterBuilding } from './readGwrExtract';

/** A building's facts as the atlas stores them (the demo generator's shape), from the register or not. */
export interface BuildingFacts {
  typ: BuildingType;
  /** Storeys (OBJ_FLO). */
  floors: number;
  /** Year of construction (OBJ_JOB), null when the register does not give it. */
  year: number | null;
  /** Construction period label (OBJ_POB) as the catalogue names it, '' when unknown. */
  period: string;
  /** Footprint m² (OBJ_SUR). */
  footprint: number;
  /** Volume m³ (OBJ_VOL). */
  volume: number;
  /** Dwellings (OBJ_UNI); null when the register does not say (no entry, or GANZWHG empty). */
  dwellings: number | null;
  /** Height to the ridge, metres (the 3D layer's extrusion): storeys × 3 m plus 1 m of roof, as the generator draws it. */
  height: number;
}

/** GKAT 1060 (buildings without housing) is drawn as non-residential; every other category as a building. */
const NON_RESIDENTIAL_CATEGORY = 1060;

/** A building the register does not describe: its outline's area, one storey (the least a building has). */
const UNKNOWN_STOREYS = 1;

const periodLabel = (register: RegisterBuilding): string => {
  const byCode = CONSTRUCTION_PERIODS.find((p) => p.code === register.period);
  if (byCode) return byCode.label;
  const year = register.year;
  if (year === null) return '';
  if (year <= CONSTRUCTION_PERIODS[0].to) return CONSTRUCTION_PERIODS[0].label;
  return CONSTRUCTION_PERIODS.find((p) => year >= p.from && year <= p.to)?.label ?? CONSTRUCTION_PERIODS.at(-1)!.label;
};

/**
 * The stored facts of an imported building: the register's where it gives them (category, year, period,
 * storeys, footprint, volume, dwellings), else what the outline says (its area; one storey).
 */
export function buildingFacts(outlineArea: number, register: RegisterBuilding | null): BuildingFacts {
  const floors = register?.storeys && register.storeys > 0 ? Math.round(register.storeys) : UNKNOWN_STOREYS;
  const footprint = Math.max(1, Math.round(register?.area && register.area > 0 ? register.area : outlineArea));
  return {
    typ: register?.category === NON_RESIDENTIAL_CATEGORY ? 'building_non_residential' : 'building',
    floors,
    year: register?.year && register.year > 0 ? Math.round(register.year) : null,
    period: register ? periodLabel(register) : '',
    footprint,
    volume: Math.round(register?.volume && register.volume > 0 ? register.volume : footprint * floors * 3),
    dwellings: register?.dwellings == null ? null : Math.max(0, Math.round(register.dwellings)),
    height: floors * 3 + 1,
  };
}
