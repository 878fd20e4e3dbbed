import type { ExportTable } from './ListExportTable';
import { wgs84Polygons } from './ListExportTable';

/** The list as a GeoJSON FeatureCollection (RFC 7946: WGS84 longitude/latitude), one MultiPolygon a parcel. */
export function writeListGeoJson(table: ExportTable): Buffer {
  const features = table.rows.map(({ values, parcel }) => ({
    type: 'Feature',
    id: parcel.PRC_ID,
    geometry: { type: 'MultiPolygon', coordinates: wgs84Polygons(parcel) },
    properties: Object.fromEntries(table.columns.map((column, index) => [column.name, values[index]])),
  }));
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }), 'utf8');
}
