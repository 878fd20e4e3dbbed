import { spawnSync } from 'node:child_process';
import { DXF_LAYERS } from '../../../server/services/reports/dxf/lv95Drawing';

/** Runs an independent reader; it must succeed without a word on stderr. */
export const runReader = (command: string, args: string[]): string => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
};

export type ExportAttributes = Record<string, string | number | null>;

/** The features of any vector file (GeoPackage, GeoJSON, XLSX) as GDAL reads them, through its GeoJSON writer. */
export const gdalFeatures = (file: string) =>
  (
    JSON.parse(runReader('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file])) as {
      features: { properties: ExportAttributes; geometry: { type: string } | null }[];
    }
  ).features;

/** The features' attributes by their PRC_ID. */
export const byParcel = (features: { properties: ExportAttributes }[]): Record<string, ExportAttributes> =>
  Object.fromEntries(features.map((f) => [String(f.properties.PRC_ID), f.properties]));

/** An exported DXF as ezdxf reads it: audit errors, whether each parcel polyline is closed, the numbers. */
export function readParcelDxf(file: string): { errors: number; closed: boolean[]; numbers: string[] } {
  return JSON.parse(
    runReader('/usr/bin/python3', [
      '-c',
      `import json, sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
msp = doc.modelspace()
print(json.dumps({
  'errors': len(doc.audit().errors),
  'closed': [e.closed for e in msp.query('LWPOLYLINE[layer=="${DXF_LAYERS.parcel.name}"]')],
  'numbers': [t.dxf.text for t in msp.query('TEXT[layer=="${DXF_LAYERS.parcelNumbers.name}"]')],
}))`,
      file,
    ]),
  ) as { errors: number; closed: boolean[]; numbers: string[] };
}
