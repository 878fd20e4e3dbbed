/**
 * LV95 positions as surveyors write them. Apart from the projection (lv95.ts, which brings proj4, ~40 KB
 * compressed), so a screen that only formats numbers does not download it.
 */

/** An LV95 position: east (E, 2'4xx'xxx–2'8xx'xxx) and north (N, 1'0xx'xxx–1'3xx'xxx), metres. */
export interface Lv95 {
  east: number;
  north: number;
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
