import { toLv95 } from '../../geo/projection';
import type { AreaGeometry, SwissGeography } from '../geography/SwissGeography';
import { SWISS_AREA_KM2 } from './swissFigures';

function ringArea(ring: readonly number[][]): number {
  const plane = ring.map(([lon, lat]) => toLv95(lon, lat));
  let sum = 0;
  for (let i = 0, j = plane.length - 1; i < plane.length; j = i++)
    sum += (plane[j][0] - plane[i][0]) * (plane[j][1] + plane[i][1]);
  return Math.abs(sum / 2);
}

/** m² of a WGS84 (Multi)Polygon, measured in LV95. */
export function geometryArea(geometry: AreaGeometry): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce(
    (sum, rings) => sum + rings.reduce((s, ring, i) => s + (i === 0 ? 1 : -1) * ringArea(ring), 0),
    0,
  );
}

/** The covered cantons' municipal land as a share of Switzerland's area (lakes are not municipal land). */
export function coveredLandShare(geography: SwissGeography, cantons: readonly string[]): number {
  const covered = new Set(cantons);
  const area = geography.municipalities
    .filter((m) => covered.has(m.cantonCode))
    .reduce((sum, m) => sum + geometryArea(m.geometry), 0);
  return area / 1e6 / SWISS_AREA_KM2;
}

