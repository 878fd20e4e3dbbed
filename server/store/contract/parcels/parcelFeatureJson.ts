import { lonLatToLv95Into, lv95ToLonLat, mercatorLat, mercatorLon } from '../../../geo/projection';
import { VarintReader } from './geometryCodec';
import { BufferPool, JsonBytes, utf8, type BytesWithRoom } from './jsonBytes';
import type { ParcelRow } from './ParcelRow';
import { streetAddress } from './rowToParcel';
import { THEME_CODES_AT, themeMembersUtf8 } from './themeCodec';

/** The CRS of a feature's outline: WGS84 longitude/latitude or LV95 metres (to the millimetre). */
export type OutlineCrs = 'wgs84' | 'lv95';

/** The features of a page of parcels as GeoJSON text: what goes between a FeatureCollection's brackets. */
export interface ParcelFeaturesText {
  /** The features' EGRIDs, in their order (the page counts them as full views). */
  prcIds: string[];
  /**
   * The features' text (parcelFeatureJson), comma-separated, as UTF-8, with room around it for the
   * FeatureCollection's text (PAGE_ROOM).
   */
  json: BytesWithRoom;
}

/**
 * Room left before and after a page's features for the collection around them: its opening, and its
 * counts, time stamp and links (each link repeats the request's query). A page of 1,000 parcels is 1.2 MB:
 * the copy into a bigger buffer it saves is as big, and memory outside the heap that sets off full
 * collections as it grows.
 */
export const PAGE_ROOM = { before: 64, after: 8192 };

/**
 * The columns a feature is written from, in ParcelFeatureRow's order (a parcels row `p` joined with its
 * municipality `m` and canton `c`): the stored outline once, the survey form where there is one (flagged
 * 1), else the tile form.
 */
const FEATURE_COLUMNS = [
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
];
export const PARCEL_FEATURE_COLUMNS = FEATURE_COLUMNS.join(', ');

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

/** Whole units per metre of the tile form (decimetres) and the survey form (millimetres). */
const TILE_UNITS = 10;
const SURVEY_UNITS = 1000;

const OPEN = 0x5b;
const CLOSE = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const SPACE = 0x20;

/** A position written from its stored coordinates (whole units of the stored form). */
type WritePosition = (out: JsonBytes, x: number, y: number) => void;

/** `[a,b]` from whole units of 10^-decimals (JsonBytes.fixed). */
function writePair(out: JsonBytes, a: number, b: number, decimals: 3 | 6 | 8): void {
  out.byte(OPEN);
  out.fixed(a, decimals);
  out.byte(COMMA);
  out.fixed(b, decimals);
  out.byte(CLOSE);
}

/** The tile form (Web Mercator decimetres) in WGS84, as ringsToGeoJson rounds it (round6). */
const tileToWgs84: WritePosition = (out, x, y) => {
  const lon = mercatorLon(x / TILE_UNITS);
  const lat = mercatorLat(y / TILE_UNITS);
  writePair(out, Math.round(lon * 1e6), Math.round(lat * 1e6), 6);
};
/** The survey form (LV95 millimetres) in WGS84, as surveyGeometryToWgs84 rounds it (round8). */
const surveyToWgs84: WritePosition = (out, e, n) => {
  const [lon, lat] = lv95ToLonLat(e / SURVEY_UNITS, n / SURVEY_UNITS);
  writePair(out, Math.round(lon * 1e8), Math.round(lat * 1e8), 8);
};
/** A position's LV95 metres, reused: a page projects 30,000 of them. */
const lv95 = new Float64Array(2);
/** The tile form in LV95 to the millimetre, as outlineLv95 projects it (toMillimetre). */
const tileToLv95: WritePosition = (out, x, y) => {
  lonLatToLv95Into(mercatorLon(x / TILE_UNITS), mercatorLat(y / TILE_UNITS), lv95);
  writePair(out, Math.round(lv95[0] * 1e3), Math.round(lv95[1] * 1e3), 3);
};
/** The survey form as it is: its millimetres are the metres to three decimals. */
const surveyAsLv95: WritePosition = (out, e, n) => writePair(out, e, n, 3);

const reader = new VarintReader();

/** Per thematic field, per stored code, its member (themeCodec), held here for the loop over 30 fields. */
const THEME_MEMBERS = themeMembersUtf8();

/** Where the deltas of the outline being written have got to, in stored units. */
const cursor = { x: 0, y: 0 };

/** One part's rings as GeoJSON coordinates, each ring closed by repeating its first position. */
function writeRings(out: JsonBytes, position: WritePosition): void {
  const ringCount = reader.ringCount();
  out.byte(OPEN);
  for (let r = 0; r < ringCount; r++) {
    const count = reader.varint();
    if (r > 0) out.byte(COMMA);
    out.byte(OPEN);
    let firstStart = 0;
    let firstEnd = 0;
    for (let i = 0; i < count; i++) {
      cursor.x += reader.delta();
      cursor.y += reader.delta();
      if (i > 0) out.byte(COMMA);
      else firstStart = out.length;
      position(out, cursor.x, cursor.y);
      if (i === 0) firstEnd = out.length;
    }
    if (count > 0) {
      out.byte(COMMA);
      out.again(firstStart, firstEnd);
    }
    out.byte(CLOSE);
  }
  out.byte(CLOSE);
}

const POLYGON = utf8('{"type":"Polygon","coordinates":');
const MULTI_POLYGON = utf8('{"type":"MultiPolygon","coordinates":[');
const END_MULTI_POLYGON = utf8(']}');

/**
 * A stored outline (geometryCodec's layout, at [start, end) of `data`) as GeoJSON Polygon (MultiPolygon for
 * several parts): what JSON.stringify writes of the decoded outline, without building it.
 */
function writePolygon(
  out: JsonBytes,
  data: Uint8Array,
  start: number,
  end: number,
  position: WritePosition,
): void {
  reader.reset(data, start, end);
  cursor.x = 0;
  cursor.y = 0;
  const partCount = reader.partCount();
  if (partCount === 1) {
    out.bytes(POLYGON);
    writeRings(out, position);
    out.byte(0x7d);
    return;
  }
  out.bytes(MULTI_POLYGON);
  for (let p = 0; p < partCount; p++) {
    if (p > 0) out.byte(COMMA);
    writeRings(out, position);
  }
  out.bytes(END_MULTI_POLYGON);
}

/** Positions of ParcelFeatureRow's values (a packed row has the same, without the id). */
const FIELD = {
  prcId: 1,
  prcNo: 2,
  sur: 3,
  typ: 4,
  ind: 5,
  x: 6,
  y: 7,
  zip: 8,
  munBfs: 9,
  canton: 10,
  cantonName: 11,
  locname: 12,
  street: 13,
  houseNo: 14,
  alphaPri: 15,
  alphaSec: 16,
  alphaTer: 17,
  bravoPri: 18,
  themes: 19,
  grnTrm: 20,
  grnRad: 21,
  objCount: 22,
  origin: 23,
  utilisation: 24,
  reserve: 25,
  survey: 26,
  outline: 27,
} as const;
const FIELDS = 28;

/** One parcel's values, however they were read: a row of values, or spans of a packed page. */
interface FeatureValues {
  /** Writes the value at `field` as JSON.stringify would. */
  write(out: JsonBytes, field: number): void;
  isNull(field: number): boolean;
  /** Writes the street address (rowToParcel's STREET_ADDRESS) as a JSON value; false when there is none. */
  address(out: JsonBytes): boolean;
  /** Writes the thematic fields (themeCodec's members). */
  themes(out: JsonBytes): void;
  /** Whether the outline is the survey form. */
  survey(): boolean;
  /** Sets `position` up to write the outline. */
  outline(out: JsonBytes, position: (survey: boolean) => WritePosition): void;
  prcId(): string;
}

/** Members (their text before the value, as UTF-8, and the value's field) from [text, field] pairs. */
const members = (pairs: readonly (readonly [string, number])[]): readonly (readonly [Uint8Array, number])[] =>
  pairs.map(([text, field]) => [utf8(text), field]);

/** The feature's text between its values: members with a value, in rowToParcel's order. */
const MEMBERS = members([
  [',"properties":{"PRC_ID":', FIELD.prcId],
  [',"PRC_NO":', FIELD.prcNo],
  [',"PRC_SUR":', FIELD.sur],
  [',"PRC_TYP":', FIELD.typ],
  [',"PRC_IND":', FIELD.ind],
  [',"PRC_COO_X":', FIELD.x],
  [',"PRC_COO_Y":', FIELD.y],
  [',"PRC_COU":"CH","PRC_ZIP":', FIELD.zip],
  [',"PRC_MUN":', FIELD.munBfs],
  [',"CANTON":', FIELD.canton],
  [',"STATE":', FIELD.cantonName],
  [',"LOCNAME":', FIELD.locname],
]);
/** The zone lists, written "" when empty. */
const LISTS = members([
  [',"ALPHA_PRIS":', FIELD.alphaPri],
  [',"ALPHA_SECS":', FIELD.alphaSec],
  [',"ALPHA_TERS":', FIELD.alphaTer],
  [',"BRAVO_PRIS":', FIELD.bravoPri],
]);
const LATER = members([
  [',"GRN_TRM":', FIELD.grnTrm],
  [',"GRN_RAD":', FIELD.grnRad],
  [',"OBJ_COUNT":', FIELD.objCount],
  [',"PRC_SRC":', FIELD.origin],
]);
/** Written only when they have a value. */
const OPTIONAL = members([
  [',"POT_UTI":', FIELD.utilisation],
  [',"POT_RES":', FIELD.reserve],
]);
const TEXT = {
  start: utf8('{"type":"Feature","id":'),
  geometry: utf8(',"geometry":'),
  address: utf8(',"STREET_ADDRESS":'),
  bravoRest: utf8(',"BRAVO_SECS":"","BRAVO_TERS":""'),
  empty: utf8('""'),
  end: utf8('}}'),
};

/** The outline's position writer in the CRS asked for, by its stored form. */
const POSITIONS: Record<OutlineCrs, (survey: boolean) => WritePosition> = {
  wgs84: (survey) => (survey ? surveyToWgs84 : tileToWgs84),
  lv95: (survey) => (survey ? surveyAsLv95 : tileToLv95),
};

/**
 * A stored parcel as GeoJSON Feature text, written straight from its values: byte for byte what
 * JSON.stringify gives of `{type, id, geometry, properties}` with the single item's parcelFeature (the OGC
 * items pages write thousands of parcels, where building and stringifying objects cost most of the page).
 * The properties are rowToParcel's flat attributes in its order (nested ones left out, lists joined with
 * ", ", a row holding at most one value per list); the outline only in the CRS asked for.
 */
function writeParcelFeature(out: JsonBytes, values: FeatureValues, crs: OutlineCrs): void {
  out.bytes(TEXT.start);
  values.write(out, FIELD.prcId);
  out.bytes(TEXT.geometry);
  values.outline(out, POSITIONS[crs]);
  for (const [text, field] of MEMBERS) {
    out.bytes(text);
    values.write(out, field);
  }
  const beforeAddress = out.length;
  out.bytes(TEXT.address);
  if (!values.address(out)) out.length = beforeAddress;
  for (const [text, field] of LISTS) {
    out.bytes(text);
    if (values.isNull(field)) out.bytes(TEXT.empty);
    else values.write(out, field);
  }
  out.bytes(TEXT.bravoRest);
  values.themes(out);
  for (const [text, field] of LATER) {
    out.bytes(text);
    values.write(out, field);
  }
  for (const [text, field] of OPTIONAL) {
    if (values.isNull(field)) continue;
    out.bytes(text);
    values.write(out, field);
  }
  out.bytes(TEXT.end);
}

/** A ParcelFeatureRow's values (stores that read rows of values). */
class RowValues implements FeatureValues {
  row!: ParcelFeatureRow;

  write(out: JsonBytes, field: number): void {
    out.value(this.row[field]);
  }

  isNull(field: number): boolean {
    return this.row[field] === null;
  }

  address(out: JsonBytes): boolean {
    const address = streetAddress({ street: this.row[FIELD.street], house_no: this.row[FIELD.houseNo] });
    if (address === undefined) return false;
    out.value(address);
    return true;
  }

  themes(out: JsonBytes): void {
    const stored = this.row[FIELD.themes];
    for (let field = 0; field < THEME_MEMBERS.length; field++) {
      const member = THEME_MEMBERS[field][stored.charCodeAt(THEME_CODES_AT + field)];
      if (member) out.bytes(member);
    }
  }

  survey(): boolean {
    return Boolean(this.row[FIELD.survey]);
  }

  outline(out: JsonBytes, position: (survey: boolean) => WritePosition): void {
    const outline = this.row[FIELD.outline];
    writePolygon(out, outline, 0, outline.length, position(this.survey()));
  }

  prcId(): string {
    return this.row[FIELD.prcId];
  }
}

/** One parcel's feature text (a page writes its features with parcelFeaturesText). */
export function parcelFeatureJson(row: ParcelFeatureRow, crs: OutlineCrs): string {
  const out = new JsonBytes(4096);
  const values = new RowValues();
  values.row = row;
  writeParcelFeature(out, values, crs);
  return out.toString();
}

/** Bytes the page buffer starts with (a parcel's feature is 1.2 KB on average); it grows as needed, once. */
const INITIAL_PAGE_BYTES = 64 * 1024;

/**
 * The page being written, kept from page to page: growing a new buffer for each page (64 KB doubled up
 * to 2 MB) took some 4 MB of memory outside the heap per page, whose growth sets off full collections.
 * Pages are written synchronously from their rows, so one buffer serves them all; the reply gets a copy.
 */
const page = new JsonBytes(INITIAL_PAGE_BYTES);

/**
 * The memory of the pages' copies, handed back when their replies are done (BytesWithRoom.release): a few
 * pages in flight at once, each at most some 2 MB (1,000 parcels).
 */
const PAGE_MEMORY = new BufferPool(4, 2 * 1024 * 1024);

/** Every parcel `next` gives (null after the last), comma-separated, in the page buffer; a copy with their EGRIDs. */
function writePage(next: () => FeatureValues | null, crs: OutlineCrs): ParcelFeaturesText {
  page.reset();
  const prcIds: string[] = [];
  for (let values = next(); values !== null; values = next()) {
    if (prcIds.length > 0) page.byte(COMMA);
    writeParcelFeature(page, values, crs);
    prcIds.push(values.prcId());
  }
  return { prcIds, json: page.copy(PAGE_ROOM, PAGE_MEMORY) };
}

/** Rows (in the order to answer them) as their features' text, comma-separated (UTF-8). */
export function parcelFeaturesText(rows: Iterable<ParcelFeatureRow>, crs: OutlineCrs): ParcelFeaturesText {
  const values = new RowValues();
  const iterator = rows[Symbol.iterator]();
  return writePage(() => {
    const next = iterator.next();
    if (next.done) return null;
    values.row = next.value;
    return values;
  }, crs);
}

/** The columns of a packed row's JSON array: ParcelFeatureRow's without the id and the outline (themes: its codes). */
const JSON_COLUMNS = FEATURE_COLUMNS.slice(1, -1).map((column) =>
  column === 'p.themes' ? `substr(p.themes, ${THEME_CODES_AT + 1}, ${THEME_MEMBERS.length})` : column,
);
const OUTLINE_COLUMN = FEATURE_COLUMNS[FEATURE_COLUMNS.length - 1];

/**
 * SQL of the page's parcels as one blob (the SQLite store), `order` ordering the aggregate: per parcel, its
 * values but the outline as one `json_array`, then the outline as `byteLength ␠ bytes`. A page of 1,000 read
 * as rows made 28,000 JavaScript values (a string per text, a Buffer per outline) for the collector to
 * clear; the blob is one, and its JSON strings are copied into the page as they are. One json_array per
 * parcel, not `||` per value: each `||` copies the row's text so far, and the page's query took some
 * 12 ms of CPU instead of 6–8. JSON cannot hold a blob (json_array reads one as JSONB or fails), so a parcel
 * with a blob among those values (never written by the importers), or an outline that is not one, is
 * written `B id ␠` instead and read again as a row of values.
 */
export function packedFeaturesSql(order: string): string {
  const odd = `typeof(${OUTLINE_COLUMN}) <> 'blob' OR 'blob' IN (${JSON_COLUMNS.map((column) => `typeof(${column})`).join(', ')})`;
  const packed = `json_array(${JSON_COLUMNS.join(', ')}) || octet_length(${OUTLINE_COLUMN}) || ' ' || ${OUTLINE_COLUMN}`;
  return `CAST(group_concat(CASE WHEN ${odd} THEN 'B' || p.id || ' ' ELSE ${packed} END, '' ORDER BY ${order}) AS BLOB)`;
}

const TYPE_TEXT = 1;
const TYPE_NUMBER = 2;
const TYPE_NULL = 3;
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
const BACKSLASH = 0x5c;
const LETTER_B = 0x42;
const ESCAPES_OTHER = 0;
const ESCAPES_QUOTING = 1;
const ESCAPES_NONE = 2;

/** The digits SQLite writes of a whole number or a real that String writes the same (below 16 digits). */
const SAFE_DIGITS = 15;

const malformed = () => new Error('A packed parcel is malformed');

/**
 * A parcel of a packed page (packedFeaturesSql): its values' kinds and spans in the blob (a string's span
 * with its quotes, as JSON text), and each string's escapes: ESCAPES_NONE, ESCAPES_QUOTING (only `\"` and
 * `\\`: the span is what JSON.stringify writes of it) or ESCAPES_OTHER (control characters: decoded and
 * written again, as JSON.stringify escapes them otherwise than SQLite).
 */
class PackedValues implements FeatureValues {
  private data: Buffer = Buffer.alloc(0);
  private at = 0;
  private readonly types = new Uint8Array(FIELDS);
  private readonly starts = new Int32Array(FIELDS);
  private readonly ends = new Int32Array(FIELDS);
  private readonly escapes = new Uint8Array(FIELDS);

  reset(data: Buffer): void {
    this.data = data;
    this.at = 0;
  }

  /** At the next parcel: 'packed' (its spans read), 'row' (its row id in `rowId`) or 'end'. */
  next(): 'packed' | 'row' | 'end' {
    const { data } = this;
    if (this.at >= data.length) return 'end';
    if (data[this.at] === LETTER_B) {
      this.at = this.number(this.at + 1);
      return 'row';
    }
    if (data[this.at] !== OPEN) throw malformed();
    this.at = this.read(this.at + 1);
    return 'packed';
  }

  /** The row id after a 'row' (next). */
  rowId = 0;

  /** Reads the digits and space of a length or row id at `at` into rowId; where they end. */
  private number(at: number): number {
    const { data } = this;
    let value = 0;
    for (let c = data[at++]; c !== SPACE; c = data[at++]) {
      // Packing gone wrong (the SQL changed) fails loudly instead of writing nonsense.
      if (!(c >= ZERO && c <= ZERO + 9)) throw malformed();
      value = value * 10 + (c - ZERO);
    }
    this.rowId = value;
    return at;
  }

  /** Reads a parcel's JSON array (after its `[`) and outline; where the next parcel starts. */
  private read(from: number): number {
    const { data, types, starts, ends, escapes } = this;
    let at = from;
    for (let field = 1; field < FIELD.outline; field++) {
      const c = data[at];
      starts[field] = at;
      if (c === QUOTE) {
        let kind = ESCAPES_NONE;
        for (at++; data[at] !== QUOTE; at++) {
          if (at >= data.length) throw malformed();
          if (data[at] === BACKSLASH) {
            at++;
            if (data[at] !== QUOTE && data[at] !== BACKSLASH) kind = ESCAPES_OTHER;
            else if (kind === ESCAPES_NONE) kind = ESCAPES_QUOTING;
          }
        }
        at++;
        types[field] = TYPE_TEXT;
        escapes[field] = kind;
      } else if (c === 0x6e) {
        at += 4;
        types[field] = TYPE_NULL;
      } else {
        while (at < data.length && data[at] !== COMMA && data[at] !== CLOSE) at++;
        if (at === starts[field]) throw malformed();
        types[field] = TYPE_NUMBER;
      }
      ends[field] = at;
      // Values are separated by commas, the last closes the array.
      if (data[at++] !== (field < FIELD.outline - 1 ? COMMA : CLOSE)) throw malformed();
    }
    const outlineStart = this.number(at);
    starts[FIELD.outline] = outlineStart;
    ends[FIELD.outline] = outlineStart + this.rowId;
    if (ends[FIELD.outline] > data.length) throw malformed();
    return ends[FIELD.outline];
  }

  /** The value as the SQLite driver gives it (the rare values written as the rows' writer writes them). */
  private value(field: number): string | number | null {
    const { data } = this;
    const start = this.starts[field];
    const end = this.ends[field];
    switch (this.types[field]) {
      case TYPE_NULL:
        return null;
      case TYPE_TEXT:
        return this.escapes[field] === ESCAPES_NONE
          ? data.toString('utf8', start + 1, end - 1)
          : (JSON.parse(data.toString('utf8', start, end)) as string);
      default:
        // SQLite writes a real with the digits that read back to it (an infinity as 9.0e+999), a whole
        // number exactly.
        return Number(data.toString('latin1', start, end));
    }
  }

  write(out: JsonBytes, field: number): void {
    const start = this.starts[field];
    const end = this.ends[field];
    switch (this.types[field]) {
      case TYPE_TEXT:
        if (this.escapes[field] !== ESCAPES_OTHER) out.span(this.data, start, end);
        else out.string(this.value(field) as string);
        return;
      case TYPE_NULL:
        out.value(null);
        return;
      default:
        if (!this.integerAsString(out, start, end) && !this.realAsString(out, start, end))
          out.value(this.value(field));
    }
  }

  /** A whole number of at most 15 digits as SQLite wrote it (String's text of it); false otherwise. */
  private integerAsString(out: JsonBytes, start: number, end: number): boolean {
    const { data } = this;
    const first = data[start] === MINUS ? start + 1 : start;
    if (end - first > SAFE_DIGITS || first === end) return false;
    for (let at = first; at < end; at++) if (!(data[at] >= ZERO && data[at] <= ZERO + 9)) return false;
    // "-0" is String's "0" (SQLite writes no other leading zero).
    if (first > start && end - first === 1 && data[first] === ZERO) return false;
    out.span(data, start, end);
    return true;
  }

  /**
   * A real as String writes it, from SQLite's text, when that is plain `-?digits.digits` of at most 15
   * significant digits (then it is the shortest text that reads back, String's), without a trailing ".0"
   * and in String's range of plain notation; false otherwise.
   */
  private realAsString(out: JsonBytes, start: number, end: number): boolean {
    const { data } = this;
    let at = data[start] === MINUS ? start + 1 : start;
    const whole = at;
    while (at < end && data[at] >= ZERO && data[at] <= ZERO + 9) at++;
    const point = at;
    if (point === whole || point >= end - 1 || data[point] !== POINT) return false;
    for (at = point + 1; at < end; at++) if (!(data[at] >= ZERO && data[at] <= ZERO + 9)) return false;
    const zeroWhole = point - whole === 1 && data[whole] === ZERO;
    if (zeroWhole) {
      // Below 1e-6 String writes an exponent.
      let first = point + 1;
      while (first < end && data[first] === ZERO) first++;
      if (first === end || first - (point + 1) >= 6) return false;
      if (end - first > SAFE_DIGITS) return false;
    } else if (point - whole + (end - point - 1) > SAFE_DIGITS) return false;
    if (end - point === 2 && data[point + 1] === ZERO) {
      // "-0.0" is String's "0".
      if (zeroWhole) return false;
      out.span(data, start, point);
    } else out.span(data, start, end);
    return true;
  }

  isNull(field: number): boolean {
    return this.types[field] === TYPE_NULL;
  }

  address(out: JsonBytes): boolean {
    const { types, starts, ends, escapes, data } = this;
    const street = FIELD.street;
    const houseNo = FIELD.houseNo;
    if (types[street] === TYPE_NULL) return false;
    if (
      types[street] === TYPE_TEXT &&
      escapes[street] !== ESCAPES_OTHER &&
      (types[houseNo] === TYPE_NULL || (types[houseNo] === TYPE_TEXT && escapes[houseNo] !== ESCAPES_OTHER))
    ) {
      // Spans with their quotes: "" is an empty street.
      if (ends[street] - starts[street] === 2) return false;
      if (types[houseNo] === TYPE_NULL || ends[houseNo] - starts[houseNo] === 2)
        out.span(data, starts[street], ends[street]);
      else {
        out.span(data, starts[street], ends[street] - 1);
        out.byte(SPACE);
        out.span(data, starts[houseNo] + 1, ends[houseNo]);
      }
      return true;
    }
    const address = streetAddress({
      street: this.value(street) as string | null,
      house_no: this.value(houseNo) as string | null,
    });
    if (address === undefined) return false;
    out.value(address);
    return true;
  }

  themes(out: JsonBytes): void {
    const field = FIELD.themes;
    if (this.types[field] !== TYPE_TEXT) return;
    if (this.escapes[field] !== ESCAPES_NONE) {
      const codes = this.value(field) as string;
      for (let f = 0; f < THEME_MEMBERS.length; f++) {
        const member = THEME_MEMBERS[f][codes.charCodeAt(f)];
        if (member) out.bytes(member);
      }
      return;
    }
    // Without escapes, the string's bytes are the codes (printable ASCII).
    const { data } = this;
    const start = this.starts[field] + 1;
    const count = Math.min(THEME_MEMBERS.length, this.ends[field] - 1 - start);
    for (let f = 0; f < count; f++) {
      const member = THEME_MEMBERS[f][data[start + f]];
      if (member) out.bytes(member);
    }
  }

  survey(): boolean {
    const field = FIELD.survey;
    // `IS NOT NULL` gives 0 or 1.
    if (this.types[field] === TYPE_NUMBER && this.ends[field] - this.starts[field] === 1)
      return this.data[this.starts[field]] !== ZERO;
    return Boolean(this.value(field));
  }

  outline(out: JsonBytes, position: (survey: boolean) => WritePosition): void {
    writePolygon(
      out,
      this.data,
      this.starts[FIELD.outline],
      this.ends[FIELD.outline],
      position(this.survey()),
    );
  }

  prcId(): string {
    return this.value(FIELD.prcId) as string;
  }
}

const packed = new PackedValues();
const unpacked = new RowValues();

/**
 * A packed page (packedFeaturesSql; null when no parcel was found) as its features' text; `readRow` reads
 * a parcel the blob names by its row id as a row of values.
 */
export function packedFeaturesText(
  data: Buffer | null,
  crs: OutlineCrs,
  readRow: (id: number) => ParcelFeatureRow | undefined,
): ParcelFeaturesText {
  packed.reset(data ?? Buffer.alloc(0));
  return writePage(() => {
    const next = packed.next();
    if (next === 'end') return null;
    if (next === 'packed') return packed;
    const row = readRow(packed.rowId);
    if (!row) throw malformed();
    unpacked.row = row;
    return unpacked;
  }, crs);
}
