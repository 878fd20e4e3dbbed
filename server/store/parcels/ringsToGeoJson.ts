import type { PolygonGeometry } from '../../../src/contract/Parcel';
import { mercatorToLonLat } from '../../data/projection/webMercator';
import { decodeGeometry } from './geometryCodec';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Stored mercator geometry → WGS84 GeoJSON Polygon with closed rings. */
export function ringsToGeoJson(geom: Uint8Array): PolygonGeometry {
  const rings = decodeGeometry(geom).map((ring) => {
    const coords = ring.map(([x, y]) => {
      const [lon, lat] = mercatorToLonLat(x, y);
      return [round6(lon), round6(lat)];
    });
    if (coords.length > 0) coords.push(coords[0]);
    return coords;
  });
  return { type: 'Polygon', coordinates: rings };
}
