/** Spherical Web Mercator (EPSG:3857), the unit tiles are cut in. */
export const EARTH_RADIUS = 6378137;
export const WORLD_HALF = Math.PI * EARTH_RADIUS;

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const x = (lon * Math.PI * EARTH_RADIUS) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  return [x, y];
}

export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return [lon, lat];
}

/** Mercator metres per real metre at a latitude (1 / cos φ): ~1.47 in Switzerland. */
export function mercatorScale(lat: number): number {
  return 1 / Math.cos((lat * Math.PI) / 180);
}
