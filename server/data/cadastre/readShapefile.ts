import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { resolveColumn, type ColumnChoice } from './CadastreMapping';
import { fileRefusal, reason, type CadastreSource, type RawCadastreFeature } from './CadastreSource';
import { geoJsonArea, isReason } from './readGeoJsonStream';

/** The parts of one Shapefile: geometry, attributes, and the optional projection and code page. */
export interface ShapefileParts {
  name: string;
  shp: Uint8Array;
  dbf: Uint8Array | undefined;
  prj: string | undefined;
  cpg: string | undefined;
}

const INTERRUPTED = '(an interrupted download or copy?)';
const ZIP_END_SIGNATURE = 0x06054b50;
/** The end-of-archive record is 22 bytes plus a comment of at most 65,535. */
const ZIP_END_SEARCH = 22 + 65_535;
const SHP_FILE_CODE = 9994;

export const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
export const isShp = (head: Buffer) => head.length >= 4 && head.readInt32BE(0) === SHP_FILE_CODE;

/** Refuses a zip whose end-of-archive record (its table of contents) is missing: the end was cut off. */
function refuseCutZip(bytes: Uint8Array): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - ZIP_END_SEARCH); i--)
    if (view.readUInt32LE(i) === ZIP_END_SIGNATURE) return;
  throw fileRefusal(
    'zipCut',
    `The zip archive is incomplete or damaged: its table of contents at the end is missing ${INTERRUPTED}`,
  );
}

/** The Shapefiles of a zip by name (folders and macOS resource forks ignored). */
function unzipShapefiles(file: string): Map<string, Partial<Record<'shp' | 'dbf' | 'prj' | 'cpg', Uint8Array>>> {
  const bytes = fs.readFileSync(file);
  refuseCutZip(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (entry) => /\.(shp|dbf|prj|cpg)$/i.test(entry.name) && !entry.name.includes('__MACOSX') });
  } catch (error) {
    throw fileRefusal('zipDamaged', `The zip archive is incomplete or damaged: ${(error as Error).message}`, {
      finding: (error as Error).message,
    });
  }
  const shapefiles = new Map<string, Partial<Record<'shp' | 'dbf' | 'prj' | 'cpg', Uint8Array>>>();
  for (const [entry, content] of Object.entries(entries)) {
    const extension = entry.slice(-3).toLowerCase() as 'shp' | 'dbf' | 'prj' | 'cpg';
    const name = path.posix.basename(entry.slice(0, -4));
    shapefiles.set(name, { ...shapefiles.get(name), [extension]: content });
  }
  return shapefiles;
}

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes).trim() : undefined);

/** A zip's Shapefiles, unzipped once: the names of those with a .shp, and each one's parts. */
export interface ZippedShapefiles {
  names: string[];
  /** Every .dbf's name, a table without shapes (.dbf only) included. */
  tables: string[];
  parts(name: string): ShapefileParts;
}

/** Unzips an uploaded archive's Shapefiles (a canton's export may hold several layers). */
export function unzipShapefileArchive(file: string): ZippedShapefiles {
  const shapefiles = unzipShapefiles(file);
  const names = [...shapefiles].filter(([, parts]) => parts.shp).map(([name]) => name);
  if (names.length === 0) throw fileRefusal('zipNoShapefile', 'The zip archive holds no Shapefile (.shp)');
  return {
    names,
    tables: [...shapefiles].filter(([, parts]) => parts.dbf).map(([name]) => name),
    parts(name) {
      const parts = shapefiles.get(name) ?? {};
      return { name, shp: parts.shp as Uint8Array, dbf: parts.dbf, prj: text(parts.prj), cpg: text(parts.cpg) };
    },
  };
}

/** The one Shapefile of a zip, or the mapping's layer among several. */
function shapefileInZip(file: string, layer: ColumnChoice | undefined): ShapefileParts {
  const { names, parts } = unzipShapefileArchive(file);
  const name = names.length === 1 ? names[0] : resolveColumn(layer, names);
  if (!name)
    throw fileRefusal(
      'zipManyShapefiles',
      `The zip archive holds several Shapefiles (${names.join(', ')}) and none is a parcel layer: name one as "layer" in the mapping`,
      { names: names.join(', ') },
    );
  return parts(name);
}

/** A .shp given by path, with the .dbf, .prj and .cpg beside it (the command-line import). */
function shapefileBeside(file: string): ShapefileParts {
  const base = file.replace(/\.shp$/i, '');
  const sibling = (extension: string) =>
    [`${base}.${extension}`, `${base}.${extension.toUpperCase()}`].find((candidate) => fs.existsSync(candidate));
  const read = (extension: string) => {
    const found = sibling(extension);
    return found ? new Uint8Array(fs.readFileSync(found)) : undefined;
  };
  return { name: path.basename(base), shp: new Uint8Array(fs.readFileSync(file)), dbf: read('dbf'), prj: text(read('prj')), cpg: text(read('cpg')) };
}

/**
 * The CRS a .prj (ESRI WKT) names: LV95 and WGS84 as the EPSG codes the importer accepts, LV03 as
 * EPSG:21781 (which it refuses with the reason), anything else by its own name.
 */
export function crsOfPrj(prj: string): string {
  const name = /^\s*(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS)\s*\[\s*"([^"]*)"/i.exec(prj)?.[1] ?? prj.slice(0, 60);
  if (/CH1903\+|LV95|2056/i.test(name)) return 'EPSG:2056';
  if (/CH1903|LV03|21781/i.test(name)) return 'EPSG:21781';
  if (/^\s*GEOG/i.test(prj) && /WGS[ _]?(19)?84/i.test(name)) return 'EPSG:4326';
  return name;
}

/** The .dbf code page without a .cpg: the header's language driver (ANSI → Windows-1252), else UTF-8. */
function dbfEncoding(dbf: Uint8Array, cpg: string | undefined): string {
  if (cpg) return cpg;
  return dbf[29] === 0x03 || dbf[29] === 0x57 ? 'windows-1252' : 'utf-8';
}

/** Refuses a .shp or .dbf shorter than its header says: a part of the Shapefile was cut off. */
function refuseCutParts({ name, shp, dbf }: ShapefileParts): void {
  const cut = (part: string, size: number, expected: number) =>
    fileRefusal(
      'shapefileCut',
      `The Shapefile "${name}" is incomplete or damaged: its .${part} holds ${size.toLocaleString('en')} of the ${expected.toLocaleString('en')} bytes its header announces ${INTERRUPTED}`,
      { name, part, size, expected },
    );
  if (shp.length < 100) throw cut('shp', shp.length, 100);
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  const shpBytes = view.getInt32(24, false) * 2;
  if (shp.length < shpBytes) throw cut('shp', shp.length, shpBytes);
  if (!dbf)
    throw fileRefusal('shapefileNoDbf', `The Shapefile "${name}" has no .dbf file with its attributes`, { name });
  if (dbf.length < 32) throw cut('dbf', dbf.length, 32);
  const dbfView = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const dbfBytes = dbfView.getUint16(8, true) + dbfView.getUint32(4, true) * dbfView.getUint16(10, true);
  if (dbf.length < dbfBytes) throw cut('dbf', dbf.length, dbfBytes);
}

/** A dBase number field left empty is read as NaN: the importer wants no value. */
const cleanValue = (value: unknown) => (typeof value === 'number' && Number.isNaN(value) ? null : value);

/** A table's records (a .dbf with or without its .shp), decoded as readShapefileParts decodes them. */
export async function readDbfRecords(parts: ShapefileParts): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  const { parseDbf } = await import('shpjs');
  const dbf = parts.dbf as Uint8Array;
  let rows: Record<string, unknown>[];
  try {
    rows = parseDbf(dbf, dbfEncoding(dbf, parts.cpg));
  } catch (error) {
    throw fileRefusal(
      'shapefileDamaged',
      `The Shapefile "${parts.name}" is incomplete or damaged: ${(error as Error).message}`,
      { name: parts.name, finding: (error as Error).message },
    );
  }
  const cleaned = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cleanValue(value)])));
  return { columns: rows.length > 0 ? Object.keys(rows[0]) : [], rows: cleaned };
}

/**
 * Opens a Shapefile, zipped (an upload) or by its .shp path, through shpjs: the shapes as stored in the
 * .prj's CRS (never reprojected here: LV95 keeps its millimetres), the attributes in the .cpg's encoding.
 */
export async function readShapefile(file: string, layer: ColumnChoice | undefined, zipped: boolean): Promise<CadastreSource> {
  const parts = zipped ? shapefileInZip(file, layer) : shapefileBeside(file);
  // A lone .shp (an upload has no files beside it) lacks its attributes.
  if (!zipped && !parts.dbf)
    throw fileRefusal(
      'shapefileAlone',
      'A Shapefile needs its .dbf beside the .shp (and its .prj and .cpg): upload them zipped together',
    );
  return readShapefileParts(parts);
}

/** Reads one Shapefile's parts (checked for cuts first) as a source. */
export async function readShapefileParts(parts: ShapefileParts): Promise<CadastreSource> {
  refuseCutParts(parts);
  // shpjs is an ES module; its CommonJS build is for browsers only.
  const { parseShp, parseDbf } = await import('shpjs');
  let shapes: ReturnType<typeof parseShp>;
  let records: Record<string, unknown>[];
  try {
    shapes = parseShp(parts.shp);
    records = parseDbf(parts.dbf as Uint8Array, dbfEncoding(parts.dbf as Uint8Array, parts.cpg));
  } catch (error) {
    throw fileRefusal(
      'shapefileDamaged',
      `The Shapefile "${parts.name}" is incomplete or damaged: ${(error as Error).message}`,
      { name: parts.name, finding: (error as Error).message },
    );
  }
  if (shapes.length !== records.length)
    throw fileRefusal(
      'shapefileMismatch',
      `The Shapefile "${parts.name}" is incomplete or damaged: its .shp holds ${shapes.length.toLocaleString('en')} shapes and its .dbf ${records.length.toLocaleString('en')} records`,
      { name: parts.name, shapes: shapes.length, records: records.length },
    );
  const declared = parts.prj ? crsOfPrj(parts.prj) : null;
  async function* features(): AsyncGenerator<RawCadastreFeature> {
    for (const [i, shape] of shapes.entries()) {
      const label = `${parts.name} record ${i + 1}`;
      const properties = Object.fromEntries(Object.entries(records[i]).map(([key, value]) => [key, cleanValue(value)]));
      const area = shape ? geoJsonArea(shape) : reason('reason.noGeometry', 'feature has no geometry');
      yield isReason(area)
        ? { label, properties, geometry: null, geometryError: area }
        : { label, properties, geometry: area };
    }
  }
  return {
    declaredCrs: () => declared,
    columns: records.length > 0 ? Object.keys(records[0]) : [],
    features: features(),
    close: () => {},
  };
}
