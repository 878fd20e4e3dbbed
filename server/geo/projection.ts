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

/** proj4's definitions of both systems, whose constants lonLatToLv95Into computes with. */
const LV95_DEFINITION = proj4.Proj(LV95_PROJ4) as unknown as SomercDefinition;
const WGS84_DATUM = (proj4.Proj('EPSG:4326') as unknown as SomercDefinition).datum;

/** The fields of a proj4 definition the LV95 formulas read (proj4's types do not declare them). */
interface SomercDefinition {
  datum: { a: number; b: number; es: number; datum_params: number[] };
  lambda0: number;
  x0: number;
  y0: number;
  R: number;
  alpha: number;
  b0: number;
  K: number;
  e: number;
}

/** proj4's degrees-to-radians factor (its own literal, not Math.PI / 180: the last bit differs). */
const D2R = 0.01745329251994329577;
/** proj4's end of the latitude iteration (its square as proj4 computes it, which need not be the literal 1e-24). */
const GENAU = 1e-12;
const SIN_B0 = Math.sin(LV95_DEFINITION.b0);
const COS_B0 = Math.cos(LV95_DEFINITION.b0);

/**
 * WGS84 → LV95 as proj4 computes it (`converter.forward`), operation for operation, into `out` [e, n]: the
 * WGS84 position to geocentric coordinates, the Bessel datum shift, back to Bessel latitude and longitude
 * (proj4's iteration to 1e-12), and the Swiss oblique Mercator projection. The same operations in the same
 * order give the same doubles (test/unit/projection.test.ts compares them bit for bit); without proj4's
 * point objects and checks per call, an EPSG:2056 items page of 30,000 positions took some 9 ms less.
 * Positions proj4 treats specially (at a pole or the Earth's axis) or refuses (not finite) are left to it.
 */
export function lonLatToLv95Into(lon: number, lat: number, out: Float64Array | number[]): void {
  const HALF_PI = Math.PI / 2;
  let longitude = lon * D2R;
  const latitude = lat * D2R;
  if (!Number.isFinite(lon) || !(latitude > -HALF_PI && latitude < HALF_PI)) {
    const [e, n] = converter.forward([lon, lat]);
    out[0] = e;
    out[1] = n;
    return;
  }
  if (longitude > Math.PI) longitude -= 2 * Math.PI;
  // geodeticToGeocentric on WGS84 (height 0), then geocentricFromWgs84 (3 parameters).
  const { a, es } = WGS84_DATUM;
  const sinLat = Math.sin(latitude);
  const cosLat = Math.cos(latitude);
  const rn = a / Math.sqrt(1.0 - es * (sinLat * sinLat));
  const bessel = LV95_DEFINITION.datum;
  const [dx, dy, dz] = bessel.datum_params;
  const x = rn * cosLat * Math.cos(longitude) - dx;
  const y = rn * cosLat * Math.sin(longitude) - dy;
  const z = rn * (1 - es) * sinLat - dz;
  // geocentricToGeodetic on Bessel.
  const besselEs = bessel.es;
  const p = Math.sqrt(x * x + y * y);
  const rr = Math.sqrt(x * x + y * y + z * z);
  if (p / bessel.a < 1e-12) {
    const [e, n] = converter.forward([lon, lat]);
    out[0] = e;
    out[1] = n;
    return;
  }
  const geodeticLon = Math.atan2(y, x);
  const ct = z / rr;
  const st = p / rr;
  let rx = 1.0 / Math.sqrt(1.0 - besselEs * (2.0 - besselEs) * st * st);
  let cphi0 = st * (1.0 - besselEs) * rx;
  let sphi0 = ct * rx;
  let cphi: number;
  let sphi: number;
  let sdphi: number;
  let iteration = 0;
  do {
    iteration++;
    const rn2 = bessel.a / Math.sqrt(1.0 - besselEs * sphi0 * sphi0);
    const height = p * cphi0 + z * sphi0 - rn2 * (1.0 - besselEs * sphi0 * sphi0);
    const rk = (besselEs * rn2) / (rn2 + height);
    rx = 1.0 / Math.sqrt(1.0 - rk * (2.0 - rk) * st * st);
    cphi = st * (1.0 - rk) * rx;
    sphi = ct * rx;
    sdphi = sphi * cphi0 - cphi * sphi0;
    cphi0 = cphi;
    sphi0 = sphi;
  } while (sdphi * sdphi > GENAU * GENAU && iteration < 30);
  const geodeticLat = Math.atan(sphi / Math.abs(cphi));
  // somerc's forward.
  const { e, alpha, K, R, lambda0, x0, y0 } = LV95_DEFINITION;
  const sa1 = Math.log(Math.tan(Math.PI / 4 - geodeticLat / 2));
  const sa2 = (e / 2) * Math.log((1 + e * Math.sin(geodeticLat)) / (1 - e * Math.sin(geodeticLat)));
  const s = -alpha * (sa1 + sa2) + K;
  const b = 2 * (Math.atan(Math.exp(s)) - Math.PI / 4);
  const i = alpha * (geodeticLon - lambda0);
  const rotI = Math.atan(Math.sin(i) / (SIN_B0 * Math.tan(b) + COS_B0 * Math.cos(i)));
  const rotB = Math.asin(COS_B0 * Math.sin(b) - SIN_B0 * Math.cos(b) * Math.cos(i));
  out[0] = R * rotI + x0;
  out[1] = (R / 2) * Math.log((1 + Math.sin(rotB)) / (1 - Math.sin(rotB))) + y0;
}

/** WGS84 → Swiss LV95 (EPSG:2056) easting/northing, unrounded (for geometry carried on to the millimetre). */
export function lonLatToLv95(lon: number, lat: number): [number, number] {
  const out: [number, number] = [0, 0];
  lonLatToLv95Into(lon, lat, out);
  return out;
}

/** proj4's own WGS84 → LV95, which lonLatToLv95 computes without it (for the test comparing them). */
export const proj4LonLatToLv95 = (lon: number, lat: number): [number, number] => {
  const [e, n] = converter.forward([lon, lat]);
  return [e, n];
};

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
