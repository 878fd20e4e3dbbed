import proj4 from 'proj4';
import type { Lv95 } from './lv95Format';

/**
 * The Swiss national grid CH1903+/LV95 (EPSG:2056), the coordinates Swiss surveyors, cadastre extracts
 * and CAD drawings use. Its official definition (swisstopo) with the CHTRS95 → WGS84 shift, so a point
 * converts to the centimetre over Switzerland.
 */
const LV95 =
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 ' +
  '+ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs +type=crs';

const toLv95 = proj4('EPSG:4326', LV95);

export type { Lv95 } from './lv95Format';

/** WGS84 longitude/latitude to LV95 east/north. */
export function lv95FromWgs84([lon, lat]: readonly [number, number]): Lv95 {
  const [east, north] = toLv95.forward([lon, lat]);
  return { east, north };
}

/** LV95 east/north to WGS84 longitude/latitude. */
export function wgs84FromLv95({ east, north }: Lv95): [number, number] {
  const [lon, lat] = toLv95.inverse([east, north]);
  return [lon, lat];
}

export { formatLv95, formatLv95Value, formatWgs84 } from './lv95Format';
