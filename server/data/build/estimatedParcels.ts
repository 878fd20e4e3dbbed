import type { MunicipalityInput } from '../generator/generateMunicipality';

/** Degrees to km at Swiss latitudes (46.8° N). */
const KM_PER_DEGREE_LON = 76;
const KM_PER_DEGREE_LAT = 111;

/**
 * About how many parcels a municipality will get, for the build's time estimate: municipalities range
 * from 50 parcels to 90,000 (Zürich), so counting municipalities misjudges the time left badly. A linear
 * fit on the whole-country dataset (2,113 municipalities): 17.5 per km² of the outline's box, 0.09 per
 * inhabitant of its places, plus 580; it halves the error of assuming every municipality the same.
 */
export function estimatedParcels({ municipality, places }: MunicipalityInput): number {
  const [minLon, minLat, maxLon, maxLat] = municipality.bbox;
  const km2 = (maxLon - minLon) * KM_PER_DEGREE_LON * (maxLat - minLat) * KM_PER_DEGREE_LAT;
  let population = 0;
  for (const place of places) if (place.municipalityBfs === municipality.bfs) population += place.population;
  return 580 + 17.5 * km2 + 0.09 * population;
}
