import proj4 from 'proj4';

/**
 * The Swiss national grid CH1903+/LV95 (EPSG:2056), the coordinates Swiss surveyors, cadastre extracts
 * and CAD drawings use. Its official definition (swisstopo) with the CHTRS95 → WGS84 shift, so a point
 * converts to the centimetre over Switzerland.
 */
const LV95 =
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 ' +
  '+ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs +type=crs';

const toLv95 = proj4('EPSG:4326', LV95);

/** An LV95 position: east (E, 2'4xx'xxx–2'8xx'xxx) and north (N, 1'0xx'xxx–1'3xx'xxx), metres. */
export interface Lv95 {
  east: number;
  north: number;
}

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

/** Swiss number style for grid coordinates: 2'683'123.45 (surveyors' thousands apostrophe). */
export function formatLv95Value(value: number, decimals = 2): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** "E 2'683'123.45 / N 1'247'456.78", the way plans label a point. */
export function formatLv95({ east, north }: Lv95, decimals = 2): string {
  return `E ${formatLv95Value(east, decimals)} / N ${formatLv95Value(north, decimals)}`;
}

/** "47.366520° N, 8.541690° E": six decimals are about 10 cm. */
export function formatWgs84([lon, lat]: readonly [number, number]): string {
  return `${Math.abs(lat).toFixed(6)}° ${lat < 0 ? 'S' : 'N'}, ${Math.abs(lon).toFixed(6)}° ${lon < 0 ? 'W' : 'E'}`;
}
