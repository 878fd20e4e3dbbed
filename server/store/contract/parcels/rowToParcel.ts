import type {
  BuildingObject,
  BuildingType,
  LangMap,
  Parcel,
  PolygonGeometry,
} from '../../../../src/contract/Parcel';
import { decodeThemes } from './themeCodec';
import { decodeBuildingAttrs } from './buildingAttrsCodec';
import type { BuildingRow, ParcelRow } from './ParcelRow';
import { ringsToGeoJson } from './geometryCodec';
import { lv95PartsToGeoJson, outlineLv95, surveyGeometryToWgs84 } from './surveyGeometryCodec';
const list = (value: string | null) => (value ? [value] : []);

type OutlineColumns = { geom: Uint8Array; geom_lv95: Uint8Array | null };

/** A row's outline in WGS84 (for the map): its survey form projected, else its tile form. */
export const outlineWgs84 = (row: OutlineColumns): PolygonGeometry =>
  row.geom_lv95 ? surveyGeometryToWgs84(row.geom_lv95) : ringsToGeoJson(row.geom);

/** A row's outline in LV95 to the millimetre (for drawings and GIS). */
export const outlineLv95Polygon = (row: OutlineColumns): PolygonGeometry =>
  lv95PartsToGeoJson(outlineLv95(row.geom, row.geom_lv95));

function outlines(row: OutlineColumns) {
  return { geometry: outlineWgs84(row), geometryLv95: outlineLv95Polygon(row) };
}

/** The register attributes of a row, in the API's order (rowToParcel and the OGC items' rowToParcelFeature). */
export function registerAttributes(row: ParcelRow) {
  return {
    PRC_ID: row.prc_id,
    PRC_NO: row.prc_no,
    PRC_SUR: row.sur,
    PRC_TYP: row.typ,
    PRC_IND: row.ind,
    PRC_COO_X: row.lv95_x,
    PRC_COO_Y: row.lv95_y,
    PRC_COU: 'CH',
    PRC_ZIP: row.zip,
    PRC_MUN: row.mun_bfs,
    CANTON: row.canton,
    STATE: row.canton_name,
    LOCNAME: row.locname,
  };
}

/** "Street 12", or the street alone, or undefined without a street. */
export function streetAddress(row: Pick<ParcelRow, 'street' | 'house_no'>): string | undefined {
  return row.street ? (row.house_no ? `${row.street} ${row.house_no}` : row.street) : undefined;
}

/**
 * A stored parcel as the API returns it (`_source` of a hit, `feature` of the detail routes). The members
 * are assigned in their order onto the register attributes, not spread into one literal: a literal that
 * starts with a spread and goes on for ~60 members cost ~150 µs a parcel (V8 leaves its fast shape), a
 * fifth of a search's time on the whole country; this costs ~20 µs. The members and their order are the same.
 */
export function rowToParcel(row: ParcelRow): Parcel {
  const { themes, fixPoints } = decodeThemes(row.themes);
  const address = streetAddress(row);
  const parcel: Parcel = Object.assign(
    registerAttributes(row),
    {
      STREET_ADDRESS: address,
      STREET_ADDRESSES: address ? [address] : [],
      centroid: { type: 'Point' as const, coordinates: [row.lon, row.lat] as [number, number] },
      geometry: outlineWgs84(row),
      geometryLv95: outlineLv95Polygon(row),
      lang: { STATE: JSON.parse(row.canton_names) as LangMap },
      ALPHA_PRIS: list(row.alpha_pri),
      ALPHA_SECS: list(row.alpha_sec),
      ALPHA_TERS: list(row.alpha_ter),
      BRAVO_PRIS: list(row.bravo_pri),
      BRAVO_SECS: [],
      BRAVO_TERS: [],
    },
    themes,
    {
      GRN_TRM: row.grn_trm,
      GRN_RAD: row.grn_rad,
      FIXPOINTS: fixPoints,
      OBJ_COUNT: row.obj_count,
      PRC_SRC: row.origin,
    },
  );
  if (row.utilisation !== null) parcel.POT_UTI = row.utilisation;
  if (row.reserve !== null) parcel.POT_RES = row.reserve;
  return parcel;
}

export function rowToBuilding(row: BuildingRow): BuildingObject {
  const attrs = decodeBuildingAttrs(row.attrs);
  return {
    OBJ_ID: row.obj_id,
    OBJ_TYP: row.typ as BuildingType,
    OBJ_PRO: row.pro,
    ...attrs,
    OBJ_SRC: row.origin,
    centroid: { type: 'Point', coordinates: [row.lon, row.lat] },
    ...outlines(row),
  };
}

/** Rows in the order of `ids` (a database answers `IN (…)` in its own order); ids without a row left out. */
export function inRowIdOrder(ids: readonly number[], rows: ParcelRow[]): ParcelRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
