import { lv95ToLonLat } from '../../geo/projection';

/** The coordinate systems an import accepts: Swiss LV95 and WGS84 longitude/latitude. */
export type CadastreCrs = 'EPSG:2056' | 'EPSG:4326';

/**
 * The accepted CRS named by an EPSG code or an OGC/URN name ("EPSG:2056", "urn:ogc:def:crs:EPSG::2056",
 * "urn:ogc:def:crs:OGC:1.3:CRS84"), or null for any other (LV03 21781, UTM, Web Mercator …).
 */
export function crsFromName(name: string | number): CadastreCrs | null {
  const text = String(name).trim().toUpperCase();
  if (/(^|[:/])2056$/.test(text)) return 'EPSG:2056';
  if (/(^|[:/])4326$/.test(text) || /CRS84$/.test(text)) return 'EPSG:4326';
  return null;
}

/** Whether a point lies in Switzerland's extent (with a margin) in the given CRS: catches a wrong CRS. */
export function insideSwitzerland(crs: CadastreCrs, x: number, y: number): boolean {
  if (crs === 'EPSG:2056') return x >= 2_470_000 && x <= 2_850_000 && y >= 1_060_000 && y <= 1_310_000;
  return x >= 5.8 && x <= 10.6 && y >= 45.7 && y <= 47.9;
}

/**
 * The CRS a file without a declaration uses: GeoJSON defaults to WGS84 (RFC 7946), but Swiss exports often
 * carry LV95 metres without saying so; the first coordinate decides, and anything else is refused.
 */
export function guessCrs(x: number, y: number): CadastreCrs | null {
  if (insideSwitzerland('EPSG:4326', x, y)) return 'EPSG:4326';
  if (insideSwitzerland('EPSG:2056', x, y)) return 'EPSG:2056';
  return null;
}

/** A point of the file → [lon, lat] WGS84. */
export function toLonLat(crs: CadastreCrs, x: number, y: number): [number, number] {
  return crs === 'EPSG:4326' ? [x, y] : lv95ToLonLat(x, y);
}
