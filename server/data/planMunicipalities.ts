import type { SwissGeography, MunicipalityShape } from './geography/SwissGeography';
import { CANTON_BY_CODE } from '../geo/cantons';
import { planPostcodes } from './catalog/postcodes';
import type { DatasetNoise } from './generator/DatasetNoise';
import type { MunicipalityInput } from './generator/generateMunicipality';
import { forestLevels, NATIONAL_FOREST_LEVEL } from './generator/forestField';
import { PLACE_REACH } from './generator/DensityField';

const NEIGHBOURS = 6;
/** Lakes this far (degrees, ~1 km) outside a municipality's box still have a shore in it. */
const LAKE_REACH = 0.01;

function centreOf(m: MunicipalityShape): [number, number] {
  return [(m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2];
}

/** One generator input per municipality of the chosen cantons, in canton then BFS order. */
export function planMunicipalities(
  geography: SwissGeography,
  cantonCodes: readonly string[],
  seed: number,
  noise: DatasetNoise,
  limits: { maxMunicipalities?: number; maxParcelsPerMunicipality?: number } = {},
): MunicipalityInput[] {
  const inputs: MunicipalityInput[] = [];
  const postcodes = planPostcodes(geography.municipalities);
  const forest = forestLevels(geography, cantonCodes, seed);
  // Local names ("Zürich", "Luzern") for the places' municipalities: GeoNames may name them in English.
  const municipalityNames = new Map(geography.municipalities.map((m) => [m.bfs, m.name.replace(/ \(.*\)$/, '')]));
  for (const code of cantonCodes) {
    const canton = CANTON_BY_CODE.get(code);
    if (!canton) continue;
    const own = geography.municipalities.filter((m) => m.cantonCode === code).sort((a, b) => a.bfs - b.bfs);
    own.forEach((m) => {
      const [cx, cy] = centreOf(m);
      const neighbours = geography.municipalities
        .filter((o) => o.bfs !== m.bfs)
        .map((o) => ({ name: o.name, d: Math.hypot(centreOf(o)[0] - cx, centreOf(o)[1] - cy) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, NEIGHBOURS)
        .map((o) => o.name.replace(/ \(.*\)$/, ''));
      const places = geography.places.filter(
        (p) =>
          p.lon > m.bbox[0] - PLACE_REACH &&
          p.lon < m.bbox[2] + PLACE_REACH &&
          p.lat > m.bbox[1] - PLACE_REACH &&
          p.lat < m.bbox[3] + PLACE_REACH,
      );
      const lakes = geography.lakes.filter(
        (lake) =>
          lake.bbox[0] < m.bbox[2] + LAKE_REACH &&
          lake.bbox[2] > m.bbox[0] - LAKE_REACH &&
          lake.bbox[1] < m.bbox[3] + LAKE_REACH &&
          lake.bbox[3] > m.bbox[1] - LAKE_REACH,
      );
      inputs.push({
        municipality: m,
        lakes,
        canton,
        places,
        neighbours,
        municipalityNames,
        zip: postcodes.get(m.bfs) as string,
        forestLevel: forest.get(code) ?? NATIONAL_FOREST_LEVEL,
        seed,
        noise,
        maxParcels: limits.maxParcelsPerMunicipality,
      });
    });
  }
  return limits.maxMunicipalities === undefined ? inputs : inputs.slice(0, limits.maxMunicipalities);
}
