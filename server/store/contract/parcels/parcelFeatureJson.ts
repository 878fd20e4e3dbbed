import { lonLatToLv95, lv95ToLonLat, mercatorToLonLat } from '../../../geo/projection';
import { round6, VarintReader } from './geometryCodec';
import type { ParcelRow } from './ParcelRow';
import { streetAddress } from './rowToParcel';
import { round8, toMillimetre } from './surveyGeometryCodec';
import { themeFieldsJson } from './themeCodec';

/** The CRS of a feature's outline: WGS84 longitude/latitude or LV95 metres (to the millimetre). */
export type OutlineCrs = 'wgs84' | 'lv95';

/** The features of a page of parcels as GeoJSON text: what goes between a FeatureCollection's brackets. */
export interface ParcelFeaturesText {
  /** The features' EGRIDs, in their order (the page counts them as full views). */
  prcIds: string[];
  /** The features' text (parcelFeatureJson), comma-separated, as UTF-8. */
  json: Buffer;
}

/**
 * The columns a feature is written from, in ParcelFeatureRow's order (a parcels row `p` joined with its
 * municipality `m` and canton `c`): the stored outline once, the survey form where there is one (flagged
 * 1), else the tile form.
 */
export const PARCEL_FEATURE_COLUMNS = [
  'p.id',
  'p.prc_id',
  'p.prc_no',
  'p.sur',
  'p.typ',
  'p.ind',
  'p.lv95_x',
  'p.lv95_y',
  'p.zip',
  'p.mun_bfs',
  'p.canton',
  'c.name',
  'm.name',
  'p.street',
  'p.house_no',
  'p.alpha_pri',
  'p.alpha_sec',
  'p.alpha_ter',
  'p.bravo_pri',
  'p.themes',
  'p.grn_trm',
  'p.grn_rad',
  'p.obj_count',
  'p.origin',
  'p.utilisation',
  'p.reserve',
  'p.geom_lv95 IS NOT NULL',
  'coalesce(p.geom_lv95, p.geom)',
].join(', ');

/** A row of PARCEL_FEATURE_COLUMNS as an array (the SQLite driver's raw mode: no object per row). */
export type ParcelFeatureRow = [
  id: number,
  prcId: string,
  prcNo: string,
  sur: number,
  typ: string,
  ind: string,
  lv95X: number,
  lv95Y: number,
  zip: string,
  munBfs: number,
  canton: string,
  cantonName: string,
  locname: string,
  street: string | null,
  houseNo: string | null,
  alphaPri: string | null,
  alphaSec: string | null,
  alphaTer: string | null,
  bravoPri: string | null,
  themes: string,
  grnTrm: string | null,
  grnRad: number,
  objCount: number,
  origin: string,
  utilisation: number | null,
  reserve: number | null,
  survey: 0 | 1 | boolean,
  outline: Uint8Array,
];

/** A whole parcels row as a ParcelFeatureRow (stores that read whole rows). */
export function parcelFeatureRow(row: ParcelRow): ParcelFeatureRow {
  return [
    row.id,
    row.prc_id,
    row.prc_no,
    row.sur,
    row.typ,
    row.ind,
    row.lv95_x,
    row.lv95_y,
    row.zip,
    row.mun_bfs,
    row.canton,
    row.canton_name,
    row.locname,
    row.street,
    row.house_no,
    row.alpha_pri,
    row.alpha_sec,
    row.alpha_ter,
    row.bravo_pri,
    row.themes,
    row.grn_trm,
    row.grn_rad,
    row.obj_count,
    row.origin,
    row.utilisation,
    row.reserve,
    row.geom_lv95 !== null,
    row.geom_lv95 ?? row.geom,
  ];
}

/** A number as JSON writes it (String for finite numbers, null for the others). */
const numberJson = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

/** Any attribute value as JSON writes it. */
const valueJson = (value: string | number | boolean | null): string =>
  typeof value === 'number' ? numberJson(value) : JSON.stringify(value);

/** A position's text from its stored coordinates (metres of the stored form). */
type PositionJson = (x: number, y: number) => string;

/** The tile form (Web Mercator decimetres) in WGS84, as ringsToGeoJson rounds it. */
const tileToWgs84: PositionJson = (x, y) => {
  const [lon, lat] = mercatorToLonLat(x, y);
  return `[${numberJson(round6(lon))},${numberJson(round6(lat))}]`;
};
/** The survey form (LV95 millimetres) in WGS84, as surveyGeometryToWgs84 rounds it. */
const surveyToWgs84: PositionJson = (e, n) => {
  const [lon, lat] = lv95ToLonLat(e, n);
  return `[${numberJson(round8(lon))},${numberJson(round8(lat))}]`;
};
/** The tile form in LV95 to the millimetre, as outlineLv95 projects it. */
const tileToLv95: PositionJson = (x, y) => {
  const [e, n] = lonLatToLv95(...mercatorToLonLat(x, y));
  return `[${numberJson(toMillimetre(e))},${numberJson(toMillimetre(n))}]`;
};
const surveyAsLv95: PositionJson = (e, n) => `[${numberJson(e)},${numberJson(n)}]`;

/** Whole units per metre of the tile form (decimetres) and the survey form (millimetres). */
const TILE_UNITS = 10;
const SURVEY_UNITS = 1000;

const reader = new VarintReader();

/** Where the deltas of the outline being written have got to, in stored units. */
const cursor = { x: 0, y: 0 };

/** One part's rings as GeoJSON coordinates text, each ring closed by repeating its first position. */
function ringsJson(units: number, position: PositionJson): string {
  const ringCount = reader.ringCount();
  let json = '[';
  for (let r = 0; r < ringCount; r++) {
    const count = reader.varint();
    json += r === 0 ? '[' : ',[';
    let first = '';
    for (let i = 0; i < count; i++) {
      cursor.x += reader.delta();
      cursor.y += reader.delta();
      const text = position(cursor.x / units, cursor.y / units);
      if (i === 0) first = text;
      else json += ',';
      json += text;
    }
    json += count > 0 ? `,${first}]` : ']';
  }
  return `${json}]`;
}

/**
 * A stored outline (geometryCodec's layout) as GeoJSON Polygon text (MultiPolygon for several parts):
 * what JSON.stringify writes of the decoded outline, without building it.
 */
function polygonJson(data: Uint8Array, units: number, position: PositionJson): string {
  reader.reset(data, 0);
  cursor.x = 0;
  cursor.y = 0;
  const partCount = reader.partCount();
  if (partCount === 1) return `{"type":"Polygon","coordinates":${ringsJson(units, position)}}`;
  const parts: string[] = [];
  for (let p = 0; p < partCount; p++) parts.push(ringsJson(units, position));
  return `{"type":"MultiPolygon","coordinates":[${parts.join(',')}]}`;
}

function outlineJson(survey: boolean, outline: Uint8Array, crs: OutlineCrs): string {
  if (survey) return polygonJson(outline, SURVEY_UNITS, crs === 'lv95' ? surveyAsLv95 : surveyToWgs84);
  return polygonJson(outline, TILE_UNITS, crs === 'lv95' ? tileToLv95 : tileToWgs84);
}

/**
 * A stored parcel as GeoJSON Feature text, written straight from its row: byte for byte what JSON.stringify
 * gives of `{type, id, geometry, properties}` with the single item's parcelFeature (the OGC items pages
 * write thousands of parcels, where building and stringifying objects cost most of the page). The
 * properties are rowToParcel's flat attributes in its order (nested ones left out, lists joined with ", ",
 * a row holding at most one value per list); the outline only in the CRS asked for.
 */
export function parcelFeatureJson(row: ParcelFeatureRow, crs: OutlineCrs): string {
  const [
    ,
    prcId,
    prcNo,
    sur,
    typ,
    ind,
    x,
    y,
    zip,
    munBfs,
    canton,
    cantonName,
    locname,
    street,
    houseNo,
    alphaPri,
    alphaSec,
    alphaTer,
    bravoPri,
    themes,
    grnTrm,
    grnRad,
    objCount,
    origin,
    utilisation,
    reserve,
    survey,
    outline,
  ] = row;
  const id = JSON.stringify(prcId);
  const address = streetAddress({ street, house_no: houseNo });
  let json =
    `{"type":"Feature","id":${id},"geometry":${outlineJson(Boolean(survey), outline, crs)}` +
    `,"properties":{"PRC_ID":${id},"PRC_NO":${valueJson(prcNo)},"PRC_SUR":${valueJson(sur)}` +
    `,"PRC_TYP":${valueJson(typ)},"PRC_IND":${valueJson(ind)},"PRC_COO_X":${valueJson(x)}` +
    `,"PRC_COO_Y":${valueJson(y)},"PRC_COU":"CH","PRC_ZIP":${valueJson(zip)},"PRC_MUN":${valueJson(munBfs)}` +
    `,"CANTON":${valueJson(canton)},"STATE":${valueJson(cantonName)},"LOCNAME":${valueJson(locname)}`;
  if (address !== undefined) json += `,"STREET_ADDRESS":${valueJson(address)}`;
  json +=
    `,"ALPHA_PRIS":${valueJson(alphaPri ?? '')},"ALPHA_SECS":${valueJson(alphaSec ?? '')}` +
    `,"ALPHA_TERS":${valueJson(alphaTer ?? '')},"BRAVO_PRIS":${valueJson(bravoPri ?? '')}` +
    `,"BRAVO_SECS":"","BRAVO_TERS":""${themeFieldsJson(themes)}` +
    `,"GRN_TRM":${valueJson(grnTrm)},"GRN_RAD":${valueJson(grnRad)},"OBJ_COUNT":${valueJson(objCount)}` +
    `,"PRC_SRC":${valueJson(origin)}`;
  if (utilisation !== null) json += `,"POT_UTI":${valueJson(utilisation)}`;
  if (reserve !== null) json += `,"POT_RES":${valueJson(reserve)}`;
  return `${json}}}`;
}

/** Bytes a page's text starts with room for (a parcel's feature is 1.2 KB on average); it grows as needed. */
const INITIAL_PAGE_BYTES = 64 * 1024;

/**
 * Rows (in the order to answer them) as their features' text. Each feature is written into the page's bytes
 * as soon as it is made: a page of 1,000 is about 1.2 MB, which as strings kept alive until the reply made
 * every young-generation collection copy it.
 */
export function parcelFeaturesText(rows: Iterable<ParcelFeatureRow>, crs: OutlineCrs): ParcelFeaturesText {
  let json = Buffer.allocUnsafe(INITIAL_PAGE_BYTES);
  let length = 0;
  const prcIds: string[] = [];
  for (const row of rows) {
    const text = (prcIds.length === 0 ? '' : ',') + parcelFeatureJson(row, crs);
    // UTF-8 takes at most 3 bytes for a UTF-16 unit; write() would cut the text short where room runs out.
    const needed = length + text.length * 3;
    if (needed > json.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, json.length * 2));
      json.copy(grown, 0, 0, length);
      json = grown;
    }
    length += json.write(text, length);
    prcIds.push(row[1]);
  }
  return { prcIds, json: json.subarray(0, length) };
}
