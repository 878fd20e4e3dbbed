import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../store/sqlite/sqliteFile/openSqliteFile';
import { geoPackageGeometry, envelopeOf } from '../../geo/wkb';
import { inBatches, type ExportProgress } from './ExportJobs';
import { lv95Polygons, type ExportTable, type ExportTableRow } from './ListExportTable';

/** CH1903+ / LV95 as GDAL writes it (OGC WKT 1), so GIS tools name the CRS without a lookup. */
const LV95_WKT =
  'PROJCS["CH1903+ / LV95",GEOGCS["CH1903+",DATUM["CH1903+",SPHEROID["Bessel 1841",6377397.155,299.1528128,' +
  'AUTHORITY["EPSG","7004"]],AUTHORITY["EPSG","6150"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],' +
  'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4150"]],' +
  'PROJECTION["Hotine_Oblique_Mercator_Azimuth_Center"],PARAMETER["latitude_of_center",46.9524055555556],' +
  'PARAMETER["longitude_of_center",7.43958333333333],PARAMETER["azimuth",90],' +
  'PARAMETER["rectified_grid_angle",90],PARAMETER["scale_factor",1],PARAMETER["false_easting",2600000],' +
  'PARAMETER["false_northing",1200000],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],' +
  'AXIS["Northing",NORTH],AUTHORITY["EPSG","2056"]]';
const LV95 = 2056;
/** "GPKG" as the SQLite application id, GeoPackage 1.3.0 as its user version. */
const GPKG_APPLICATION_ID = 0x47504b47;
const GPKG_VERSION = 10300;

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The list as a GeoPackage 1.3 with one feature table `parcels` in EPSG:2056: each parcel's MultiPolygon
 * (to the millimetre where the survey gave it) and the export's columns. Written through the SQLite-file
 * port (ADR 057) into a temporary file that is read back and removed: a transaction per batch of rows,
 * yielding to the event loop between them.
 */
export async function writeListGeoPackage(
  table: ExportTable,
  title: string,
  progress?: ExportProgress,
): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-export-'));
  const file = path.join(dir, 'list.gpkg');
  try {
    const db = openSqliteFile(file);
    try {
      db.pragma(`application_id = ${GPKG_APPLICATION_ID}`);
      db.pragma(`user_version = ${GPKG_VERSION}`);
      db.exec(`
        CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
          organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL,
          description TEXT);
        CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
          identifier TEXT UNIQUE, description TEXT DEFAULT '', last_change DATETIME NOT NULL
          DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
          srs_id INTEGER REFERENCES gpkg_spatial_ref_sys(srs_id));
        CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
          geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
          PRIMARY KEY (table_name, column_name));
      `);
      const srs = db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)');
      srs.run('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', null);
      srs.run('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', null);
      srs.run('CH1903+ / LV95', LV95, 'EPSG', LV95, LV95_WKT, 'Swiss national grid');
      const columns = table.columns.map(
        (column) => `${quoteName(column.name)} ${column.type === 'number' ? 'REAL' : 'TEXT'}`,
      );
      db.exec(
        `CREATE TABLE parcels (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom MULTIPOLYGON, ${columns.join(', ')})`,
      );
      const insert = db.prepare(
        `INSERT INTO parcels (geom, ${table.columns.map((c) => quoteName(c.name)).join(', ')})
         VALUES (?, ${table.columns.map(() => '?').join(', ')})`,
      );
      const everything: ReturnType<typeof lv95Polygons> = [];
      const insertBatch = db.transaction((rows: readonly ExportTableRow[]) => {
        for (const { values, parcel } of rows) {
          const polygons = lv95Polygons(parcel);
          everything.push(...polygons);
          insert.run(polygons.length ? geoPackageGeometry(polygons, LV95) : null, ...values);
        }
      });
      await inBatches(table.rows, (rows) => insertBatch(rows), progress);
      const [minX, maxX, minY, maxY] = envelopeOf(everything);
      db.prepare(
        `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, srs_id)
         VALUES ('parcels', 'features', ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        title,
        'Parcel Atlas list export',
        ...[minX, minY, maxX, maxY].map((v) => (Number.isFinite(v) ? v : null)),
        LV95,
      );
      db.prepare("INSERT INTO gpkg_geometry_columns VALUES ('parcels', 'geom', 'MULTIPOLYGON', ?, 0, 0)").run(
        LV95,
      );
    } finally {
      db.close();
    }
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
