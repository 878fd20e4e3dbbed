import type { BuildingType } from '../../../src/contract/Parcel';
import { mainAxis } from '../../geo/convex';
import type { Ring } from '../../geo/ring';
import { createRng, hashSeed } from '../random';
import type { BuildingRoof } from '../../store/contract/layers/LayerFeature';

/** Class limits of the federal cadastre, kWh/m² a year: < 800, 800–1000, 1000–1200, 1200–1400, ≥ 1400. */
const CLASS_LIMITS = [800, 1000, 1200, 1400];

const FLAT_ROOF_TYPES: ReadonlySet<BuildingType> = new Set([
  'building_non_residential',
  'underground_building',
  'shelter',
  'water_basin',
  'wall',
  'bridge',
]);

export interface RoofInput {
  objId: string;
  typ: BuildingType;
  ring: Ring;
  /** Footprint, m². */
  footprint: number;
  floors: number;
  /** 0 (open country) … 1 (old-town core): neighbours shade more in dense places. */
  urbanity: number;
  seed: number;
}

/**
 * The roof of a generated building, deterministic per building id: pitched roofs with the ridge along the
 * building's long side (faces towards the street), flat roofs on large and non-residential buildings.
 * Irradiation falls off as the best face turns from south and as neighbours shade it.
 */
export function roofSolar({ objId, typ, ring, footprint, floors, urbanity, seed }: RoofInput): BuildingRoof {
  const rng = createRng(hashSeed(seed, objId, 'roof'));
  const flat = FLAT_ROOF_TYPES.has(typ) || footprint > 600 || rng.chance(0.15);
  const storeys = Math.max(0, floors);
  if (typ === 'underground_building' || typ === 'shelter') {
    return { height: 0, roofArea: 0, orientation: null, solarClass: 1 };
  }
  const shading = 1 - 0.25 * Math.min(1, urbanity) * rng.range(0.4, 1);
  if (flat) {
    const irradiation = 1250 * shading * rng.range(0.92, 1.08);
    return {
      height: Math.round((storeys * 3 + 1) * 10) / 10 || 3,
      roofArea: Math.round(footprint * 0.9),
      orientation: null,
      solarClass: solarClass(irradiation),
    };
  }
  // The faces look across the long axis; take the one nearer to south.
  const [ax, ay] = mainAxis(ring);
  const ridgeAzimuth = (Math.atan2(ax, ay) * 180) / Math.PI;
  const faceA = (ridgeAzimuth + 90 + 360) % 360;
  const faceB = (faceA + 180) % 360;
  const deviation = (face: number) => Math.abs(((face - 180 + 540) % 360) - 180);
  const best = deviation(faceA) <= deviation(faceB) ? faceA : faceB;
  const off = deviation(best); // 0 (south) … 90 (east or west)
  const irradiation = (1450 - off * 5.5) * shading * rng.range(0.95, 1.05);
  return {
    height: Math.round((storeys * 3 + 3) * 10) / 10,
    roofArea: Math.round(footprint * 1.18),
    orientation: Math.round(best),
    solarClass: solarClass(irradiation),
  };
}

function solarClass(irradiation: number): number {
  let level = 1;
  for (const limit of CLASS_LIMITS) if (irradiation >= limit) level++;
  return level;
}
