import type { AreaOfInterest } from '../../contract/SavedSearches';

/** Web Mercator's latitude limit, degrees. */
const MAX_LATITUDE = 85.0511;

const clampLatitude = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
const toMercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (clampLatitude(lat) * Math.PI) / 360));
const fromMercatorY = (y: number) => (Math.atan(Math.exp(y)) * 360) / Math.PI - 90;

/**
 * The extent a map of `width` × `height` pixels shows around `center` at `zoom` (MapLibre's 512-pixel
 * world at zoom 0, no rotation), rounded to 5 decimals (about a metre).
 */
export function extentAround(
  center: [number, number],
  zoom: number,
  width: number,
  height: number,
): AreaOfInterest {
  const worldPixels = 512 * 2 ** zoom;
  const halfLon = (width / worldPixels) * 180;
  const halfY = (height / worldPixels) * Math.PI;
  const y = toMercatorY(center[1]);
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return [
    round(Math.max(-180, center[0] - halfLon)),
    round(fromMercatorY(y - halfY)),
    round(Math.min(180, center[0] + halfLon)),
    round(fromMercatorY(y + halfY)),
  ];
}
