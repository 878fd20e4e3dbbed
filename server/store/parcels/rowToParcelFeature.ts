import type { PolygonGeometry } from '../../../src/contract/Parcel';
import type { ParcelRow } from './ParcelRow';
import { outlineLv95Polygon, outlineWgs84, registerAttributes, streetAddress } from './rowToParcel';
import { decodeThemeFields } from './themeCodec';

/** A parcel's flat attributes (text, numbers, null), as GIS tables hold them. */
export type FlatAttributes = Record<string, string | number | boolean | null>;

/** A parcel as a GIS feature: its EGRID, flat attributes and outline in one CRS. */
export interface ParcelFeatureRecord {
  prcId: string;
  properties: FlatAttributes;
  geometry: PolygonGeometry;
}

/** The CRS of a feature's outline: WGS84 longitude/latitude or LV95 metres (to the millimetre). */
export type OutlineCrs = 'wgs84' | 'lv95';

/**
 * A stored parcel as a feature, read straight from its row: the attributes of rowToParcel without the nested
 * ones (centroid, names per language, fixed points, address list, outlines), in its order, lists joined
 * with ", " (a row holds at most one value per list); and only the outline asked for. The OGC items
 * pages read thousands of parcels, for which building whole parcels cost most of the page.
 */
export function rowToParcelFeature(row: ParcelRow, crs: OutlineCrs): ParcelFeatureRecord {
  const address = streetAddress(row);
  const properties: FlatAttributes = registerAttributes(row);
  if (address !== undefined) properties.STREET_ADDRESS = address;
  properties.ALPHA_PRIS = row.alpha_pri ?? '';
  properties.ALPHA_SECS = row.alpha_sec ?? '';
  properties.ALPHA_TERS = row.alpha_ter ?? '';
  properties.BRAVO_PRIS = row.bravo_pri ?? '';
  properties.BRAVO_SECS = '';
  properties.BRAVO_TERS = '';
  decodeThemeFields(row.themes, properties);
  properties.GRN_TRM = row.grn_trm;
  properties.GRN_RAD = row.grn_rad;
  properties.OBJ_COUNT = row.obj_count;
  properties.PRC_SRC = row.origin;
  if (row.utilisation !== null) properties.POT_UTI = row.utilisation;
  if (row.reserve !== null) properties.POT_RES = row.reserve;
  return {
    prcId: row.prc_id,
    properties,
    geometry: crs === 'lv95' ? outlineLv95Polygon(row) : outlineWgs84(row),
  };
}
