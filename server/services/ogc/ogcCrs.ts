import type { PolygonGeometry } from '../../../src/contract/Parcel';
import { lonLatToMercator, lv95ToLonLat, type MercatorBox } from '../../geo/projection';
import type { LonLatBounds } from '../../store/contract/parcels/ParcelRepository';
import { outlineRings } from '../reports/parcelSurroundings';

/** WGS84 longitude/latitude (OGC API – Features Part 1's default). */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
/** Swiss LV95 easting/northing, metres (Part 2). */
export const LV95 = 'http://www.opengis.net/def/crs/EPSG/0/2056';
export const OGC_CRS = [CRS84, LV95] as const;
export type OgcCrs = (typeof OGC_CRS)[number];

/** A bad query parameter: the routes answer 400 with this message. */
export class OgcInputError extends Error {}

/** Short names clients also send for the two URIs. */
const ALIASES: Record<string, OgcCrs> = {
  [CRS84]: CRS84,
  [LV95]: LV95,
  'http://www.opengis.net/def/crs/OGC/0/CRS84': CRS84,
  CRS84: CRS84,
  'OGC:CRS84': CRS84,
  'EPSG:2056': LV95,
  '[EPSG:2056]': LV95,
};

/** The CRS a `crs` or `bbox-crs` parameter names (CRS84 when absent). */
export function parseCrs(value: string | undefined, parameter: string): OgcCrs {
  if (value === undefined) return CRS84;
  const crs = ALIASES[value.trim()];
  if (!crs) throw new OgcInputError(`${parameter} must be one of ${OGC_CRS.join(', ')}`);
  return crs;
}

/** Switzerland's extent, CRS84: the collections' spatial extent and the default area of a layer query. */
export const SWISS_BOUNDS: LonLatBounds = [5.95, 45.81, 10.5, 47.81];

/** The `bbox` parameter (four numbers, in `crs`) as WGS84 bounds; 400 for anything else. */
export function parseBbox(value: string | undefined, crs: OgcCrs): LonLatBounds | null {
  if (value === undefined) return null;
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)))
    throw new OgcInputError(
      'bbox must be four numbers: minx,miny,maxx,maxy (six-number boxes are not supported)',
    );
  const [minX, minY, maxX, maxY] = parts;
  if (minX > maxX || minY > maxY)
    throw new OgcInputError('bbox must list its lower corner before its upper corner');
  if (crs === CRS84) {
    if (minX < -180 || maxX > 180 || minY < -90 || maxY > 90)
      throw new OgcInputError('bbox must lie within longitude -180..180 and latitude -90..90 (CRS84)');
    return [minX, minY, maxX, maxY];
  }
  if (minX < 2_400_000 || maxX > 2_900_000 || minY < 1_000_000 || maxY > 1_350_000)
    throw new OgcInputError(
      'bbox must lie within Switzerland in EPSG:2056 (E 2400000..2900000, N 1000000..1350000)',
    );
  const corners = [
    lv95ToLonLat(minX, minY),
    lv95ToLonLat(minX, maxY),
    lv95ToLonLat(maxX, minY),
    lv95ToLonLat(maxX, maxY),
  ];
  return [
    Math.min(...corners.map((c) => c[0])),
    Math.min(...corners.map((c) => c[1])),
    Math.max(...corners.map((c) => c[0])),
    Math.max(...corners.map((c) => c[1])),
  ];
}

/** WGS84 bounds as the Web Mercator box the spatial indexes are queried with. */
export function mercatorBox([west, south, east, north]: LonLatBounds): MercatorBox {
  const [minX, minY] = lonLatToMercator(west, south);
  const [maxX, maxY] = lonLatToMercator(east, north);
  return { minX, minY, maxX, maxY };
}

/** Rings repeat their first vertex at the end in GeoJSON (the LV95 read leaves it as it found it). */
const closed = (ring: [number, number][]): [number, number][] => {
  if (ring.length === 0) return ring;
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
};

/**
 * A stored polygon in the requested CRS: as the API reads it (CRS84), or in LV95 through the same read
 * the DXF export uses (outlineRings), so the coordinates match the CAD drawing's. A parcel's own LV95
 * outline (to the millimetre) is taken as it is by parcelFeature.
 */
export function polygonIn(geometry: PolygonGeometry, crs: OgcCrs): PolygonGeometry {
  if (crs === CRS84) return geometry;
  if (geometry.type === 'Polygon')
    return { type: 'Polygon', coordinates: outlineRings({ geometry }).map(closed) };
  const polygons = geometry.coordinates as number[][][][];
  return {
    type: 'MultiPolygon',
    coordinates: polygons.map((polygon) =>
      outlineRings({ geometry: { type: 'Polygon', coordinates: polygon } }).map(closed),
    ),
  };
}

/** A WGS84 position in the requested CRS (points and lines of the thematic layers). */
export function positionIn([lon, lat]: number[], crs: OgcCrs): number[] {
  if (crs === CRS84) return [lon, lat];
  return outlineRings({ geometry: { type: 'Polygon', coordinates: [[[lon, lat]]] } })[0][0];
}
