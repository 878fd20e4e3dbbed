import type { SqliteFile } from '../../../store/contract/sqliteFile/SqliteFile';
import { openSqliteFile } from '../../../store/sqlite/sqliteFile/openSqliteFile';
import { LAND_COVER_LAYERS, resolveColumn, type CadastreMapping } from '../CadastreMapping';
import { CadastreImportError, type CadastreSource, type RawCadastreFeature } from '../CadastreSource';
import { readGeoPackage } from '../readGeoPackage';
import { isZip, readDbfRecords, readShapefileParts, unzipShapefileArchive } from '../readShapefile';
import { BUILDING_NUMBER_TABLES, type BuildingNumberTable } from './buildingNumbers';
import { LAND_COVER_KIND_COLUMNS } from './LandCoverMapping';

/** A survey file's land-cover layer, with DM.01's building-number table when the file has one. */
export interface LandCoverSources {
  source: CadastreSource;
  layer: string;
  buildingNumbers?: BuildingNumberTable;
}

/** What a survey file holds: its parcel layer, its land-cover layer, or both (one GeoPackage or one zip). */
export interface SurveySources {
  parcels: CadastreSource | null;
  landCover: LandCoverSources | null;
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/**
 * The land-cover feature table of a GeoPackage and its building-number table (any table of the
 * GeoPackage's contents: DM.01's Gebaeudenummer has no geometry), or null (also for a file SQLite cannot
 * read: the parcel reader says why).
 */
function geoPackageLandCover(file: string): { layer: string; buildingNumbers?: BuildingNumberTable } | null {
  let db: SqliteFile | null = null;
  try {
    db = openSqliteFile(file, { readonly: true, fileMustExist: true });
    const names = (db.prepare('SELECT table_name FROM gpkg_geometry_columns').pluck().all() as string[]) ?? [];
    const layer = resolveColumn(LAND_COVER_LAYERS, names);
    if (!layer) return null;
    const contents = db.prepare('SELECT table_name FROM gpkg_contents').pluck().all() as string[];
    const table = resolveColumn(BUILDING_NUMBER_TABLES, contents);
    if (!table) return { layer };
    const quoted = `"${table.replace(/"/g, '""')}"`;
    const columns = (db.prepare(`PRAGMA table_info(${quoted})`).all() as { name: string }[]).map((c) => c.name);
    const rows = db.prepare(`SELECT * FROM ${quoted}`).all() as Record<string, unknown>[];
    return { layer, buildingNumbers: { table, columns, rows } };
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/**
 * A zip of several Shapefiles holding the land cover (as cantons publish the survey): the land cover by
 * its layer name, the parcels by the mapping's layer (or the one other Shapefile when a mapping names no
 * layer), DM.01's building-number table (a .dbf, with or without shapes). Null for a zip of one Shapefile
 * or without a land-cover layer: the parcel reader takes it as before.
 */
async function zippedSurvey(file: string, mapping: CadastreMapping): Promise<SurveySources | null> {
  const zip = unzipShapefileArchive(file);
  if (zip.names.length < 2) return null;
  const layer = resolveColumn(LAND_COVER_LAYERS, zip.names);
  if (!layer) return null;
  const others = zip.names.filter((name) => name !== layer);
  const parcelLayer =
    resolveColumn(mapping.layer, others) ?? (mapping.layer === undefined && others.length === 1 ? others[0] : null);
  const numbersTable = resolveColumn(BUILDING_NUMBER_TABLES, zip.tables);
  const buildingNumbers = numbersTable
    ? { table: numbersTable, ...(await readDbfRecords(zip.parts(numbersTable))) }
    : undefined;
  const landCover = { source: await readShapefileParts(zip.parts(layer)), layer, buildingNumbers };
  return { parcels: parcelLayer ? await readShapefileParts(zip.parts(parcelLayer)) : null, landCover };
}

/** A source whose first feature has been read ahead (a GeoJSON names its columns per feature), then given back. */
async function peeked(source: CadastreSource): Promise<{ source: CadastreSource; columns: string[] }> {
  if (source.columns) return { source, columns: source.columns };
  const iterator = source.features[Symbol.asyncIterator]();
  const first = await iterator.next();
  const columns = first.done ? [] : Object.keys(first.value.properties);
  async function* features(): AsyncGenerator<RawCadastreFeature> {
    if (!first.done) yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { source: { ...source, features: features() }, columns };
}

/**
 * Opens a survey file's layers: the parcels as the mapping finds them, and the land cover — a GeoPackage's
 * land-cover table beside (or instead of) its parcel layer, a zip's land-cover Shapefile beside (or
 * instead of) its parcel Shapefile, or a GeoJSON/Shapefile whose features have a land-cover kind column
 * (Art, Genre …) and no EGRID column — with DM.01's building-number table when the file has one.
 */
export async function openSurveySources(
  file: string,
  head: Buffer,
  mapping: CadastreMapping,
  maxVertices: number,
  openParcels: () => Promise<CadastreSource>,
): Promise<SurveySources> {
  if (head.subarray(0, 16).toString('latin1') === SQLITE_MAGIC) {
    const found = geoPackageLandCover(file);
    if (!found) return { parcels: await openParcels(), landCover: null };
    let parcels: CadastreSource | null = null;
    try {
      parcels = await openParcels();
    } catch (error) {
      if (!(error instanceof CadastreImportError && error.translatable?.key === 'server.cadastre.landCoverOnly')) throw error;
    }
    const { layer, buildingNumbers } = found;
    return { parcels, landCover: { source: readGeoPackage(file, layer, { maxVertices }), layer, buildingNumbers } };
  }
  if (isZip(head)) {
    const zipped = await zippedSurvey(file, mapping);
    if (zipped) return zipped;
  }
  const opened = await peeked(await openParcels());
  const landCover =
    resolveColumn(mapping.egrid, opened.columns) === null && resolveColumn(LAND_COVER_KIND_COLUMNS, opened.columns) !== null;
  if (!landCover) return { parcels: opened.source, landCover: null };
  return { parcels: null, landCover: { source: opened.source, layer: 'land cover' } };
}
