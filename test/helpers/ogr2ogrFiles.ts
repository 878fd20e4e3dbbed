import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
