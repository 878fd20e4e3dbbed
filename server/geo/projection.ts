import proj4 from 'proj4';

/** A box in Web Mercator metres. */
export interface MercatorBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Spherical Web Mercator (EPSG:3857), the unit tiles are cut in. */
export const EARTH_RADIUS = 6378137;
export const WORLD_HALF = Math.PI * EARTH_RADIUS;

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const x = (lon * Math.PI * EARTH_RADIUS) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  return [x, y];
}

export function mercatorToLonLat(x: number, y: number): [number, number] {
  return [mercatorLon(x), mercatorLat(y)];
}

/** mercatorToLonLat's longitude alone (a loop over thousands of positions makes no pair for each). */
export const mercatorLon = (x: number) => (x / EARTH_RADIUS) * (180 / Math.PI);

/** mercatorToLonLat's latitude alone. */
export const mercatorLat = (y: number) =>
  (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);

/** Mercator metres per real metre at a latitude (1 / cos φ): ~1.47 in Switzerland. */
export function mercatorScale(lat: number): number {
  return 1 / Math.cos((lat * Math.PI) / 180);
}

/** Swiss LV95 (EPSG:2056) as proj4 defines it, with the Bessel datum shift to WGS84. */
export const LV95_PROJ4 =
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs';
const converter = proj4('EPSG:4326', LV95_PROJ4);

/** WGS84 → Swiss LV95 (EPSG:2056) easting/northing, unrounded (for geometry carried on to the millimetre). */
export function lonLatToLv95(lon: number, lat: number): [number, number] {
  const [e, n] = converter.forward([lon, lat]);
  return [e, n];
}

/** Swiss LV95 (EPSG:2056) easting/northing → WGS84 longitude/latitude. */
export function lv95ToLonLat(e: number, n: number): [number, number] {
  const [lon, lat] = converter.inverse([e, n]);
  return [lon, lat];
}

/** WGS84 → Swiss LV95 (EPSG:2056) easting/northing, whole decimetres (a centre, not a survey point). */
export function toLv95(lon: number, lat: number): [number, number] {
  const [e, n] = lonLatToLv95(lon, lat);
  return [Math.round(e * 10) / 10, Math.round(n * 10) / 10];
}

/** WGS84 longitude/latitude to normalised Web Mercator (0..1, y southwards), as map tiles index it. */
export function mercator(lon: number, lat: number): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return [lon / 360 + 0.5, Math.min(Math.max(y, 0), 1)];
}

/** The Web Mercator box of tile z/x/y (XYZ scheme, y down from the north). */
export function tileBox(z: number, x: number, y: number): MercatorBox {
  const size = (2 * WORLD_HALF) / 2 ** z;
  const minX = -WORLD_HALF + x * size;
  const maxY = WORLD_HALF - y * size;
  return { minX, minY: maxY - size, maxX: minX + size, maxY };
}

/** The z/x/y of the web-map tile that holds a WGS84 point. */
export function tileAt(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}
