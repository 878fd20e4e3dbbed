import fs from 'node:fs';
import type { SqliteFile } from '../../store/contract/sqliteFile/SqliteFile';
import { openSqliteFile } from '../../store/sqlite/sqliteFile/openSqliteFile';
import { describeChoice, LAND_COVER_LAYERS, resolveColumn, type ColumnChoice } from './CadastreMapping';
import { CadastreImportError, fileRefusal, reason, type CadastreSource, type RawCadastreFeature } from './CadastreSource';
import { crsFromName } from './cadastreCrs';
import { CHORD_TOLERANCE_METRES, GeometryFormatError, readGeoPackageGeometry } from './readGeoPackageGeometry';

/** The chord tolerance in degrees for a WGS84 file: 5 mm along a meridian (less along a parallel). */
const CHORD_TOLERANCE_DEGREES = CHORD_TOLERANCE_METRES / 111_320;

interface FeatureTable {
  table_name: string;
  column_name: string;
  srs_id: number;
}

interface SpatialRef {
  organization: string;
  organization_coordsys_id: number;
}

/** Quotes an identifier taken from the file's own catalogue (never from a user) for SQL. */
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SQLite header's length, and where it keeps the page size, the change counter and the page count. */
const HEADER_BYTES = 100;

/**
 * Refuses a GeoPackage cut short (an interrupted download or copy) with what is missing, before SQLite
 * meets the missing pages somewhere in the middle and calls the file "malformed" or "not a database": the
 * header names the page size and, when its "valid for" counter matches the change counter, the page count.
 */
function refuseTruncatedFile(file: string): void {
  const size = fs.statSync(file).size;
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    fs.closeSync(fd);
  }
  const incomplete = 'The GeoPackage file is incomplete or damaged';
  const interrupted = '(an interrupted download or copy?)';
  if (size < HEADER_BYTES)
    throw fileRefusal(
      'gpkgHeaderCut',
      `${incomplete}: it ends after ${size.toLocaleString('en')} bytes, inside its header ${interrupted}`,
      { size },
    );
  const storedPageSize = header.readUInt16BE(16);
  const pageSize = storedPageSize === 1 ? 65_536 : storedPageSize;
  const pagesValid = header.readUInt32BE(92) === header.readUInt32BE(24);
  const pages = header.readUInt32BE(28);
  const expected = pages * pageSize;
  if (pagesValid && pages > 0 && size < expected)
    throw fileRefusal(
      'gpkgCut',
      `${incomplete}: it holds ${size.toLocaleString('en')} of the ${expected.toLocaleString('en')} bytes its header announces ${interrupted}`,
      { size, expected },
    );
  if (size % pageSize !== 0)
    throw fileRefusal(
      'gpkgPartialPage',
      `${incomplete}: its ${size.toLocaleString('en')} bytes are not whole pages of ${pageSize.toLocaleString('en')} bytes ${interrupted}`,
      { size, pageSize },
    );
}

/** A damaged file's SQLite error as the import's message, anything else unchanged. */
function damaged(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB')
    return fileRefusal(
      'gpkgDamaged',
      `The GeoPackage file is incomplete or damaged: SQLite reports "${(error as Error).message}"`,
      { finding: (error as Error).message },
    );
  return error;
}

/**
 * Opens a GeoPackage (SQLite) read-only and picks its feature table: the mapping's layer, or the only
 * feature table. Refuses a file that is not a GeoPackage, names the tables when the layer is not found.
 */
export function readGeoPackage(
  file: string,
  layer: ColumnChoice | undefined,
  { maxVertices }: { maxVertices: number },
): CadastreSource {
  refuseTruncatedFile(file);
  let db: SqliteFile;
  try {
    db = openSqliteFile(file, { readonly: true, fileMustExist: true });
    db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
  } catch (error) {
    const reported = damaged(error);
    if (reported instanceof CadastreImportError) throw reported;
    throw new CadastreImportError(file, reason('reason.notSqlite', 'is not a GeoPackage (not an SQLite database)'));
  }
  try {
    const hasCatalogue = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'gpkg_geometry_columns'")
      .get();
    if (!hasCatalogue)
      throw new CadastreImportError(file, reason('reason.noGpkgCatalogue', 'is not a GeoPackage (no gpkg_geometry_columns table)'));
    const tables = db
      .prepare('SELECT table_name, column_name, srs_id FROM gpkg_geometry_columns')
      .all() as FeatureTable[];
    const names = tables.map((t) => t.table_name);
    let chosen: FeatureTable | undefined;
    if (layer === undefined) {
      if (tables.length !== 1)
        throw new CadastreImportError(
          file,
          reason(
            'reason.manyTables',
            `has ${tables.length} feature tables (${names.join(', ')}); name one as "layer" in the mapping`,
            { count: tables.length, names: names.join(', ') },
          ),
        );
      chosen = tables[0];
    } else {
      const name = resolveColumn(layer, names);
      chosen = tables.find((t) => t.table_name === name);
      const landCover = resolveColumn(LAND_COVER_LAYERS, names);
      if (!chosen && landCover)
        throw fileRefusal(
          'landCoverOnly',
          `The file holds the survey's land cover (layer "${landCover}"), not its parcels: export the layer Liegenschaft (MOpublic: resf) as well`,
          { layer: landCover },
        );
      if (!chosen)
        throw new CadastreImportError(
          file,
          reason(
            'reason.missingLayer',
            `missing layer ${describeChoice(layer)}; its feature tables are ${names.join(', ') || 'none'}`,
            { choice: describeChoice(layer), names: names.join(', ') || '–' },
          ),
        );
    }
    const srs = db
      .prepare('SELECT organization, organization_coordsys_id FROM gpkg_spatial_ref_sys WHERE srs_id = ?')
      .get(chosen.srs_id) as SpatialRef | undefined;
    const declaredCrs = srs ? `${srs.organization.toUpperCase()}:${srs.organization_coordsys_id}` : null;
    const curves = {
      chordTolerance: crsFromName(declaredCrs ?? '') === 'EPSG:4326' ? CHORD_TOLERANCE_DEGREES : CHORD_TOLERANCE_METRES,
      maxPoints: maxVertices,
    };
    const table = chosen;
    const columns = (db.prepare(`PRAGMA table_info(${quoteIdentifier(table.table_name)})`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== table.column_name);
    const primaryKey = (
      db.prepare(`PRAGMA table_info(${quoteIdentifier(table.table_name)})`).all() as { name: string; pk: number }[]
    ).find((c) => c.pk === 1)?.name;
    const rowId = primaryKey ? quoteIdentifier(primaryKey) : 'rowid';
    const rows = db
      .prepare(`SELECT ${rowId} AS __fid, * FROM ${quoteIdentifier(table.table_name)} ORDER BY ${rowId}`)
      .iterate() as IterableIterator<Record<string, unknown>>;
    function* readRows(): Generator<Record<string, unknown>> {
      try {
        yield* rows;
      } catch (error) {
        throw damaged(error);
      }
    }
    async function* features(): AsyncGenerator<RawCadastreFeature> {
      for (const row of readRows()) {
        const { __fid: fid, [table.column_name]: blob, ...properties } = row;
        const feature: RawCadastreFeature = { label: `${table.table_name} fid ${String(fid)}`, properties, geometry: null };
        if (blob instanceof Uint8Array) {
          try {
            const read = readGeoPackageGeometry(blob, curves);
            if (read.srsId !== table.srs_id && read.srsId > 0)
              feature.geometryError = reason(
                'reason.geometrySrs',
                `geometry in SRS ${read.srsId}, the layer declares ${table.srs_id}`,
                { srs: String(read.srsId), declared: String(table.srs_id) },
              );
            else feature.geometry = read.geometry;
          } catch (error) {
            if (!(error instanceof GeometryFormatError)) throw error;
            // The blob's own structure (WKB type words, byte order) is named in English inside the translated frame.
            feature.geometryError = reason('reason.geometryUnreadable', `invalid geometry: ${error.message}`, {
              detail: error.message,
            });
          }
        }
        yield feature;
      }
    }
    // Ends the row iterator first: a source closed unread (another layer of the file refused) would find
    // the connection busy.
    const close = () => {
      rows.return?.();
      db.close();
    };
    return { declaredCrs: () => declaredCrs, columns, features: features(), close };
  } catch (error) {
    db.close();
    throw damaged(error);
  }
}
