import { strokeCircularArc } from '../../geo/strokeCircularArc';

/**
 * A reader for GeoPackage geometry blobs, limited to what cadastral parcels and building footprints use:
 * the GeoPackage binary header (OGC 12-128r18 §2.1.3) followed by WKB Polygon, MultiPolygon, CurvePolygon
 * or MultiSurface, 2D or with Z/M ordinates (ISO 1000/2000/3000 offsets and EWKB flag bits both accepted;
 * Z and M are dropped). Rings of a CurvePolygon may be LineStrings, CircularStrings or CompoundCurves:
 * their arcs are stroked to the caller's chord tolerance (ADR 034). Anything else is refused with a reason.
 */

/** Rings of [x, y] in the file's CRS, as stored (closed: first point repeated). */
export type PolygonCoordinates = [number, number][][];

export interface AreaGeometry {
  /** One entry for a Polygon, one per part for a MultiPolygon. */
  polygons: PolygonCoordinates[];
}

export interface GeoPackageGeometry {
  /** The header's srs_id (a key of gpkg_spatial_ref_sys, usually the EPSG code). */
  srsId: number;
  /** null for an empty geometry (header flag bit 4). */
  geometry: AreaGeometry | null;
}

/** Why a blob could not be read; the importer names the feature around it. */
export class GeometryFormatError extends Error {}

/** Bytes of the envelope after the fixed header, by the envelope indicator (flag bits 1–3). */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

const WKB_LINESTRING = 2;
const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;
const WKB_CIRCULARSTRING = 8;
const WKB_COMPOUNDCURVE = 9;
const WKB_CURVEPOLYGON = 10;
const WKB_MULTISURFACE = 12;
const EWKB_Z = 0x80000000;
const EWKB_M = 0x40000000;
const EWKB_SRID = 0x20000000;

const TYPE_NAMES: Record<number, string> = {
  1: 'Point',
  2: 'LineString',
  3: 'Polygon',
  4: 'MultiPoint',
  5: 'MultiLineString',
  6: 'MultiPolygon',
  7: 'GeometryCollection',
  8: 'CircularString',
  9: 'CompoundCurve',
  10: 'CurvePolygon',
  11: 'MultiCurve',
  12: 'MultiSurface',
  15: 'PolyhedralSurface',
  16: 'TIN',
  17: 'Triangle',
};

/** How arcs are stroked: the chord tolerance in the file's units and the most points the stroking may add. */
export interface CurveOptions {
  chordTolerance: number;
  maxPoints: number;
}

/** 5 mm in metres: the default chord tolerance for a projected (LV95) file (ADR 034). */
export const CHORD_TOLERANCE_METRES = 0.005;
const DEFAULT_CURVES: CurveOptions = { chordTolerance: CHORD_TOLERANCE_METRES, maxPoints: 10_000_000 };

/** Reads WKB numbers front to back; each geometry (and each part) sets its own byte order. */
class WkbCursor {
  private littleEndian = true;

  constructor(
    private readonly view: DataView,
    public offset: number,
  ) {}

  private need(bytes: number): void {
    if (this.offset + bytes > this.view.byteLength) throw new GeometryFormatError('geometry blob is truncated');
  }

  byteOrder(): void {
    this.need(1);
    const order = this.view.getUint8(this.offset++);
    if (order > 1) throw new GeometryFormatError(`invalid WKB byte order ${order}`);
    this.littleEndian = order === 1;
  }

  uint32(): number {
    this.need(4);
    const value = this.view.getUint32(this.offset, this.littleEndian);
    this.offset += 4;
    return value;
  }

  double(): number {
    this.need(8);
    const value = this.view.getFloat64(this.offset, this.littleEndian);
    this.offset += 8;
    return value;
  }
}

/** The base type (1–7), ordinates per point and whether an EWKB SRID follows, from a WKB type word. */
function decodeType(word: number): { base: number; dimensions: number; hasSrid: boolean } {
  const iso = word & 0x0fffffff;
  const isoDimension = Math.floor(iso / 1000);
  if (isoDimension > 3) throw new GeometryFormatError(`unknown WKB geometry type ${word}`);
  const z = (word & EWKB_Z) !== 0 || isoDimension === 1 || isoDimension === 3;
  const m = (word & EWKB_M) !== 0 || isoDimension === 2 || isoDimension === 3;
  return { base: iso % 1000, dimensions: 2 + (z ? 1 : 0) + (m ? 1 : 0), hasSrid: (word & EWKB_SRID) !== 0 };
}

function readTypeWord(cursor: WkbCursor): { base: number; dimensions: number } {
  cursor.byteOrder();
  const type = decodeType(cursor.uint32());
  if (type.hasSrid) cursor.uint32();
  return type;
}

/** One point's x and y; further ordinates (Z, M) are read past. */
function readPoint(cursor: WkbCursor, dimensions: number): [number, number] {
  const x = cursor.double();
  const y = cursor.double();
  for (let extra = 2; extra < dimensions; extra++) cursor.double();
  return [x, y];
}

function readPoints(cursor: WkbCursor, dimensions: number): [number, number][] {
  const count = cursor.uint32();
  const points: [number, number][] = [];
  for (let p = 0; p < count; p++) points.push(readPoint(cursor, dimensions));
  return points;
}

function readPolygonBody(cursor: WkbCursor, dimensions: number): PolygonCoordinates {
  const ringCount = cursor.uint32();
  const rings: PolygonCoordinates = [];
  for (let r = 0; r < ringCount; r++) rings.push(readPoints(cursor, dimensions));
  return rings;
}

const typeName = (base: number) => TYPE_NAMES[base] ?? `WKB type ${base}`;

/** Stroking state of one geometry: the chord tolerance and how many points stroking may still add. */
class Stroker {
  private budget: number;

  constructor(private readonly options: CurveOptions) {
    this.budget = options.maxPoints;
  }

  /** A CIRCULARSTRING's points (start, middle, end, middle, end …) as a polyline. */
  circularString(points: [number, number][]): [number, number][] {
    if (points.length < 3 || points.length % 2 === 0)
      throw new GeometryFormatError(`a CircularString has ${points.length} points (an odd number, at least 3)`);
    const line: [number, number][] = [points[0]];
    for (let i = 0; i + 2 < points.length; i += 2) {
      const arc = strokeCircularArc(points[i], points[i + 1], points[i + 2], this.options.chordTolerance);
      this.budget -= arc.length;
      if (this.budget < 0)
        throw new GeometryFormatError(
          `stroking its arcs gives more than ${this.options.maxPoints.toLocaleString('en')} vertices (CADASTRE_MAX_VERTICES)`,
        );
      line.push(...arc);
    }
    return line;
  }
}

/** A ring of a CurvePolygon (a whole WKB geometry: LineString, CircularString or CompoundCurve). */
function readCurve(cursor: WkbCursor, stroker: Stroker): [number, number][] {
  const { base, dimensions } = readTypeWord(cursor);
  if (base === WKB_LINESTRING) return readPoints(cursor, dimensions);
  if (base === WKB_CIRCULARSTRING) return stroker.circularString(readPoints(cursor, dimensions));
  if (base !== WKB_COMPOUNDCURVE)
    throw new GeometryFormatError(`a CurvePolygon ring is a ${typeName(base)}, expected a curve`);
  const count = cursor.uint32();
  const line: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const part = readTypeWord(cursor);
    if (part.base !== WKB_LINESTRING && part.base !== WKB_CIRCULARSTRING)
      throw new GeometryFormatError(`a CompoundCurve part is a ${typeName(part.base)}`);
    const points = readPoints(cursor, part.dimensions);
    const piece = part.base === WKB_CIRCULARSTRING ? stroker.circularString(points) : points;
    const last = line.at(-1);
    if (last && piece.length > 0) {
      if (piece[0][0] !== last[0] || piece[0][1] !== last[1])
        throw new GeometryFormatError(`CompoundCurve part ${i + 1} does not start where part ${i} ends`);
      line.push(...piece.slice(1));
    } else line.push(...piece);
  }
  return line;
}

/** A Polygon or CurvePolygon body after its type word. */
function readSurfaceBody(cursor: WkbCursor, base: number, dimensions: number, stroker: Stroker): PolygonCoordinates {
  if (base === WKB_POLYGON) return readPolygonBody(cursor, dimensions);
  const ringCount = cursor.uint32();
  const rings: PolygonCoordinates = [];
  for (let r = 0; r < ringCount; r++) rings.push(readCurve(cursor, stroker));
  return rings;
}

const isSurface = (base: number) => base === WKB_POLYGON || base === WKB_CURVEPOLYGON;

function readArea(cursor: WkbCursor, curves: CurveOptions): AreaGeometry {
  const stroker = new Stroker(curves);
  const { base, dimensions } = readTypeWord(cursor);
  if (isSurface(base)) return { polygons: [readSurfaceBody(cursor, base, dimensions, stroker)] };
  if (base !== WKB_MULTIPOLYGON && base !== WKB_MULTISURFACE)
    throw new GeometryFormatError(
      `geometry is a ${typeName(base)}, expected a Polygon, CurvePolygon, MultiPolygon or MultiSurface`,
    );
  const count = cursor.uint32();
  const polygons: PolygonCoordinates[] = [];
  for (let i = 0; i < count; i++) {
    const part = readTypeWord(cursor);
    if (!isSurface(part.base) || (base === WKB_MULTIPOLYGON && part.base !== WKB_POLYGON))
      throw new GeometryFormatError(`a ${typeName(base)} part is a ${typeName(part.base)}`);
    polygons.push(readSurfaceBody(cursor, part.base, part.dimensions, stroker));
  }
  return { polygons };
}

/** Plain WKB (no GeoPackage header): a Polygon, CurvePolygon, MultiPolygon or MultiSurface. */
export function readWkbArea(blob: Uint8Array, curves: CurveOptions = DEFAULT_CURVES): AreaGeometry {
  return readArea(new WkbCursor(new DataView(blob.buffer, blob.byteOffset, blob.byteLength), 0), curves);
}

/** A GeoPackage geometry blob: header ('GP', version, flags, srs_id, envelope), then WKB. */
export function readGeoPackageGeometry(blob: Uint8Array, curves: CurveOptions = DEFAULT_CURVES): GeoPackageGeometry {
  if (blob.byteLength < 8 || blob[0] !== 0x47 || blob[1] !== 0x50)
    throw new GeometryFormatError('not a GeoPackage geometry (no "GP" header)');
  const flags = blob[3];
  if ((flags & 0x20) !== 0) throw new GeometryFormatError('extended GeoPackage geometries are not supported');
  const envelope = (flags >> 1) & 0x07;
  if (envelope >= ENVELOPE_BYTES.length)
    throw new GeometryFormatError(`invalid GeoPackage envelope indicator ${envelope}`);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const srsId = view.getInt32(4, (flags & 0x01) === 1);
  if ((flags & 0x10) !== 0) return { srsId, geometry: null };
  const offset = 8 + ENVELOPE_BYTES[envelope];
  return { srsId, geometry: readArea(new WkbCursor(view, offset), curves) };
}
