import Database from 'better-sqlite3';

/** Test files for the cadastre importer: GeoPackage blobs, GeoPackages and GeoJSON written from code. */

export type Rings = [number, number][][];

export interface WkbOptions {
  littleEndian?: boolean;
  /** Extra ordinates written per point and how the type says so. */
  dimensions?: 'xy' | 'iso-z' | 'ewkb-z' | 'iso-zm';
}

function typeWord(base: number, dimensions: WkbOptions['dimensions']): number {
  if (dimensions === 'iso-z') return base + 1000;
  if (dimensions === 'iso-zm') return base + 3000;
  if (dimensions === 'ewkb-z') return (base | 0x80000000) >>> 0;
  return base;
}

const extraOrdinates = (dimensions: WkbOptions['dimensions']) =>
  dimensions === 'iso-z' || dimensions === 'ewkb-z' ? 1 : dimensions === 'iso-zm' ? 2 : 0;

class Writer {
  bytes: number[] = [];
  constructor(private readonly littleEndian: boolean) {}
  u8(v: number) {
    this.bytes.push(v);
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    if (this.littleEndian) b.writeUInt32LE(v >>> 0);
    else b.writeUInt32BE(v >>> 0);
    this.bytes.push(...b);
  }
  f64(v: number) {
    const b = Buffer.alloc(8);
    if (this.littleEndian) b.writeDoubleLE(v);
    else b.writeDoubleBE(v);
    this.bytes.push(...b);
  }
}

function writePolygon(w: Writer, rings: Rings, options: WkbOptions, littleEndian: boolean) {
  w.u8(littleEndian ? 1 : 0);
  w.u32(typeWord(3, options.dimensions));
  w.u32(rings.length);
  for (const ring of rings) {
    w.u32(ring.length);
    for (const [x, y] of ring) {
      w.f64(x);
      w.f64(y);
      for (let i = 0; i < extraOrdinates(options.dimensions); i++) w.f64(432.5);
    }
  }
}

/** WKB of a Polygon (one entry) or MultiPolygon (several). */
export function wkb(polygons: Rings[], options: WkbOptions = {}): Buffer {
  const littleEndian = options.littleEndian ?? true;
  const w = new Writer(littleEndian);
  if (polygons.length === 1) writePolygon(w, polygons[0], options, littleEndian);
  else {
    w.u8(littleEndian ? 1 : 0);
    w.u32(typeWord(6, options.dimensions));
    w.u32(polygons.length);
    for (const polygon of polygons) writePolygon(w, polygon, options, littleEndian);
  }
  return Buffer.from(w.bytes);
}

/** A GeoPackage geometry blob: "GP", version 0, flags (byte order, envelope), srs_id, envelope, WKB. */
export function geoPackageBlob(
  body: Buffer,
  { srsId = 2056, envelope = 1, littleEndian = true, empty = false } = {},
): Buffer {
  const header = Buffer.alloc(8);
  header.write('GP', 0, 'latin1');
  header[2] = 0;
  header[3] = (littleEndian ? 1 : 0) | (envelope << 1) | (empty ? 0x10 : 0);
  if (littleEndian) header.writeInt32LE(srsId, 4);
  else header.writeInt32BE(srsId, 4);
  const envelopeBytes = Buffer.alloc([0, 32, 48, 48, 64][envelope]);
  return Buffer.concat([header, envelopeBytes, empty ? Buffer.alloc(0) : body]);
}

/** A closed square of `size` metres with its south-west corner at (e, n). */
export const square = (e: number, n: number, size: number): [number, number][] => [
  [e, n],
  [e + size, n],
  [e + size, n + size],
  [e, n + size],
  [e, n],
];

export interface ParcelRow {
  egrid: string;
  number: string;
  bfs?: number;
  area?: number;
  kind?: string;
  polygons: Rings[];
}

/** Writes a GeoPackage with one feature table (default `Liegenschaften`, columns of the cantonal survey). */
export function writeGeoPackage(
  file: string,
  rows: ParcelRow[],
  {
    table = 'Liegenschaften',
    srsId = 2056,
    columns = ['EGRIS_EGRID', 'Nummer', 'BFSNr', 'Flaechenmass', 'Art'],
  } = {},
): void {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
      organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
    CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT, srs_id INTEGER);
    CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
      geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL);
  `);
  db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)').run(
    `EPSG ${srsId}`,
    srsId,
    'EPSG',
    srsId,
    'undefined',
    null,
  );
  db.prepare("INSERT INTO gpkg_contents VALUES (?, 'features', ?, ?)").run(table, table, srsId);
  db.prepare("INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', 'MULTIPOLYGON', ?, 0, 0)").run(
    table,
    srsId,
  );
  db.exec(
    `CREATE TABLE "${table}" (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB, ${columns.map((c) => `"${c}"`).join(', ')})`,
  );
  const insert = db.prepare(
    `INSERT INTO "${table}" (geom, ${columns.map((c) => `"${c}"`).join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
  );
  for (const row of rows) {
    const values: Record<string, unknown> = {
      EGRIS_EGRID: row.egrid,
      Nummer: row.number,
      BFSNr: row.bfs ?? null,
      Flaechenmass: row.area ?? null,
      Art: row.kind ?? 'Liegenschaft',
    };
    insert.run(geoPackageBlob(wkb(row.polygons), { srsId }), ...columns.map((c) => values[c] ?? null));
  }
  db.close();
}

/** A GeoJSON FeatureCollection text; `crs` adds the (pre-RFC 7946) named-CRS member before the features. */
export function geoJson(
  features: { properties: Record<string, unknown>; polygons: Rings[] }[],
  crs?: string,
): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
    features: features.map((f) => ({
      type: 'Feature',
      properties: f.properties,
      geometry:
        f.polygons.length === 1
          ? { type: 'Polygon', coordinates: f.polygons[0] }
          : { type: 'MultiPolygon', coordinates: f.polygons },
    })),
  });
}
