/**
 * A reader for GeoPackage geometry blobs, limited to what cadastral parcels and building footprints use:
 * the GeoPackage binary header (OGC 12-128r18 §2.1.3) followed by WKB Polygon or MultiPolygon, 2D or with
 * Z/M ordinates (ISO 1000/2000/3000 offsets and EWKB flag bits both accepted; Z and M are dropped).
 * No WKB parser is installed, so this stays deliberately small and refuses anything else with a reason.
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

const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;
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
};

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

function readPolygonBody(cursor: WkbCursor, dimensions: number): PolygonCoordinates {
  const ringCount = cursor.uint32();
  const rings: PolygonCoordinates = [];
  for (let r = 0; r < ringCount; r++) {
    const pointCount = cursor.uint32();
    const ring: [number, number][] = [];
    for (let p = 0; p < pointCount; p++) {
      const x = cursor.double();
      const y = cursor.double();
      for (let extra = 2; extra < dimensions; extra++) cursor.double();
      ring.push([x, y]);
    }
    rings.push(ring);
  }
  return rings;
}

const typeName = (base: number) => TYPE_NAMES[base] ?? `WKB type ${base}`;

function readArea(cursor: WkbCursor): AreaGeometry {
  const { base, dimensions } = readTypeWord(cursor);
  if (base === WKB_POLYGON) return { polygons: [readPolygonBody(cursor, dimensions)] };
  if (base !== WKB_MULTIPOLYGON)
    throw new GeometryFormatError(`geometry is a ${typeName(base)}, expected a Polygon or MultiPolygon`);
  const count = cursor.uint32();
  const polygons: PolygonCoordinates[] = [];
  for (let i = 0; i < count; i++) {
    const part = readTypeWord(cursor);
    if (part.base !== WKB_POLYGON)
      throw new GeometryFormatError(`a MultiPolygon part is a ${typeName(part.base)}`);
    polygons.push(readPolygonBody(cursor, part.dimensions));
  }
  return { polygons };
}

/** Plain WKB (no GeoPackage header): a Polygon or MultiPolygon. */
export function readWkbArea(blob: Uint8Array): AreaGeometry {
  return readArea(new WkbCursor(new DataView(blob.buffer, blob.byteOffset, blob.byteLength), 0));
}

/** A GeoPackage geometry blob: header ('GP', version, flags, srs_id, envelope), then WKB. */
export function readGeoPackageGeometry(blob: Uint8Array): GeoPackageGeometry {
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
  return { srsId, geometry: readArea(new WkbCursor(view, offset)) };
}
