import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

/** One feature for ogr2ogr: its geometry as WKT in `WKT`, its attributes beside it. */
export type OgrRow = Record<string, string | number>;

/**
 * Writes rows through GDAL's ogr2ogr (an independent writer; gdal-bin, installed by the test command,
 * scripts/test.mjs): a CSV with the geometry as WKT in, any GDAL format out, e.g.
 * `ogr2ogr -f GPKG -a_srs EPSG:2056 -nln Liegenschaft out.gpkg in.csv -oo GEOM_POSSIBLE_NAMES=WKT
 * -oo KEEP_GEOM_COLUMNS=NO -oo AUTODETECT_TYPE=YES`.
 */
export function ogr2ogr(out: string, rows: OgrRow[], args: string[]): void {
  const columns = Object.keys(rows[0]);
  const quote = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  const csv = path.join(path.dirname(out), `${path.basename(out).replace(/\W/g, '_')}-${Date.now()}.csv`);
  fs.writeFileSync(
    csv,
    [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c])).join(','))].join('\n'),
  );
  const gdal = spawnSync(
    'ogr2ogr',
    [
      ...args,
      out,
      csv,
      '-oo',
      'GEOM_POSSIBLE_NAMES=WKT',
      '-oo',
      'KEEP_GEOM_COLUMNS=NO',
      '-oo',
      'AUTODETECT_TYPE=YES',
    ],
    { encoding: 'utf8' },
  );
  if (gdal.status !== 0) throw new Error(`ogr2ogr failed: ${gdal.stderr}`);
}

/**
 * Zips the files of `dir` (Shapefiles ogr2ogr wrote there, layer by layer) into `zip`, as a canton's
 * Shapefile export comes. Writing several layers into one `.shp.zip` with `ogr2ogr -update` (GDAL 3.6)
 * now and then never returns, so the zip is made here.
 */
export function zipFolder(dir: string, zip: string): void {
  const entries = Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((name) => /\.(shp|shx|dbf|prj|cpg)$/i.test(name))
      .map((name) => [name, new Uint8Array(fs.readFileSync(path.join(dir, name)))]),
  );
  fs.writeFileSync(zip, zipSync(entries));
}

/** A fresh folder beside `file` for the Shapefiles of one archive. */
export function shapefileFolder(file: string): string {
  const dir = `${file}.layers`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
