import proj4 from 'proj4';

const LV95 =
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs';
const converter = proj4('EPSG:4326', LV95);

/** WGS84 → Swiss LV95 (EPSG:2056) easting/northing, whole decimetres. */
export function toLv95(lon: number, lat: number): [number, number] {
  const [e, n] = converter.forward([lon, lat]);
  return [Math.round(e * 10) / 10, Math.round(n * 10) / 10];
}
