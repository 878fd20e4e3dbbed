import type { SqliteFile } from '../../../store/contract/sqliteFile/SqliteFile';
import { openSqliteFile } from '../../../store/sqlite/sqliteFile/openSqliteFile';
import { LAND_COVER_LAYERS, resolveColumn, type CadastreMapping } from '../CadastreMapping';
import { CadastreImportError, type CadastreSource, type RawCadastreFeature } from '../CadastreSource';
import { readGeoPackage } from '../readGeoPackage';
import { LAND_COVER_KIND_COLUMNS } from './LandCoverMapping';

/** What a survey file holds: its parcel layer, its land-cover layer, or both (one GeoPackage). */
export interface SurveySources {
  parcels: CadastreSource | null;
  landCover: { source: CadastreSource; layer: string } | null;
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** The land-cover feature table of a GeoPackage, or null (also for a file SQLite cannot read: the parcel reader says why). */
function geoPackageLandCoverLayer(file: string): string | null {
  let db: SqliteFile | null = null;
  try {
    db = openSqliteFile(file, { readonly: true, fileMustExist: true });
    const names = (db.prepare('SELECT table_name FROM gpkg_geometry_columns').pluck().all() as string[]) ?? [];
    return resolveColumn(LAND_COVER_LAYERS, names);
  } catch {
    return null;
  } finally {
    db?.close();
  }
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
 * land-cover table beside (or instead of) its parcel layer, or a GeoJSON/Shapefile whose features have a
 * land-cover kind column (Art, Genre …) and no EGRID column.
 */
export async function openSurveySources(
  file: string,
  head: Buffer,
  mapping: CadastreMapping,
  maxVertices: number,
  openParcels: () => Promise<CadastreSource>,
): Promise<SurveySources> {
  if (head.subarray(0, 16).toString('latin1') === SQLITE_MAGIC) {
    const layer = geoPackageLandCoverLayer(file);
    if (!layer) return { parcels: await openParcels(), landCover: null };
    let parcels: CadastreSource | null = null;
    try {
      parcels = await openParcels();
    } catch (error) {
      if (!(error instanceof CadastreImportError && error.translatable?.key === 'server.cadastre.landCoverOnly')) throw error;
    }
    return { parcels, landCover: { source: readGeoPackage(file, layer, { maxVertices }), layer } };
  }
  const opened = await peeked(await openParcels());
  const landCover =
    resolveColumn(mapping.egrid, opened.columns) === null && resolveColumn(LAND_COVER_KIND_COLUMNS, opened.columns) !== null;
  if (!landCover) return { parcels: opened.source, landCover: null };
  return { parcels: null, landCover: { source: opened.source, layer: 'land cover' } };
}
