import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { signIn, type TestApp } from './helpers/createTestApp';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { createSqliteCadastreWriter } from '../../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { DXF_LAYERS } from '../../server/services/reports/dxf/lv95Drawing';
import { lonLatToLv95 } from '../../server/geo/projection';
import type { ParcelFullResponse } from '../../src/contract/Parcel';
import { REPORT_PATHS, reportTabQuery, type OneTimeTokenResponse } from '../../src/contract/Reports';
import type { ReportFileFormat } from '../../src/contract/Reports';
import { BAAR, E, N } from '../helpers/baarSurvey';

/**
 * Official corners as a survey gives them, to the millimetre (two lots in Baar sharing an edge): an
 * import must give every one of them back exactly in the API, the DXF and the IFC.
 */
const LOT_A: [number, number][] = [
  [E + 0.217, N + 0.829],
  [E + 30.004, N + 0.113],
  [E + 30.561, N + 29.338],
  [E + 0.002, N + 30.997],
];
const LOT_B: [number, number][] = [
  [E + 30.004, N + 0.113],
  [E + 60.123, N + 0.456],
  [E + 60.789, N + 29.999],
  [E + 30.561, N + 29.338],
];
const closed = (ring: [number, number][]) => [...ring, ring[0]];

let t: TestApp;
let user: { authorization: string };

/** The survey written by GDAL (ogr2ogr), an independent writer, as a canton publishes it. */
function writeSurveyWithGdal(dir: string): string {
  const source = path.join(dir, 'baar-mm.geojson');
  const target = path.join(dir, 'baar-mm.gpkg');
  const feature = (egrid: string, number: string, ring: [number, number][]) => ({
    type: 'Feature',
    properties: { EGRIS_EGRID: egrid, Nummer: number, BFSNr: BAAR },
    geometry: { type: 'Polygon', coordinates: [closed(ring)] },
  });
  fs.writeFileSync(
    source,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [feature('CH170100009001', '9001', LOT_A), feature('CH170100009002', '9002', LOT_B)],
    }),
  );
  const gdal = spawnSync(
    'ogr2ogr',
    ['-f', 'GPKG', target, source, '-s_srs', 'EPSG:2056', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaften'],
    { encoding: 'utf8' },
  );
  expect(gdal.stderr).toBe('');
  expect(gdal.status).toBe(0);
  return target;
}

async function download(format: ReportFileFormat, prcId: string): Promise<Buffer> {
  const issued = await t.app.inject({ url: `/v1/secure/${REPORT_PATHS.exportToken(prcId)}`, headers: user });
  expect(issued.statusCode).toBe(200);
  const { token } = issued.json<OneTimeTokenResponse>();
  const response = await t.app.inject({
    url: `/v1/secure/${REPORT_PATHS.file(format)}?${reportTabQuery({ prcid: prcId, lang: 'de', ott_token: token })}`,
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

beforeAll(async () => {
  ({ t } = await createDatasetTestApp());
  user = (await signIn(t.app, { username: 'surveyor@atlas.test' })).headers;
  const file = writeSurveyWithGdal(t.dataDir);
  await importCadastreFile({ writer: createSqliteCadastreWriter(t.db), file });
}, 120_000);
afterAll(async () => t.close());

describe('an imported survey keeps its millimetres', () => {
  it('gives every corner back exactly in the API’s LV95 outline, and the centre to the millimetre', async () => {
    const response = await t.app.inject({
      url: '/v1/secure/maps/prcid/CH170100009001/objects-full',
      headers: user,
    });
    expect(response.statusCode).toBe(200);
    const { feature } = response.json<ParcelFullResponse>();
    expect(feature.PRC_SRC).toBe('official');
    expect(feature.geometryLv95).toEqual({ type: 'Polygon', coordinates: [closed(LOT_A)] });
    expect(Math.round(feature.PRC_COO_X * 1000)).toBe(feature.PRC_COO_X * 1000);
    // The WGS84 outline, for the map, lands within a few millimetres of each corner (eight decimals, and
    // proj4's own datum round trip is good to about a millimetre).
    const wgs84 = (feature.geometry!.coordinates as number[][][])[0];
    wgs84.forEach(([lon, lat], i) => {
      const [e, n] = lonLatToLv95(lon, lat);
      expect(Math.hypot(e - closed(LOT_A)[i][0], n - closed(LOT_A)[i][1])).toBeLessThan(0.003);
    });
  });

  it('draws the parcel and its surveyed neighbour in the DXF to the millimetre, as ezdxf reads it', async () => {
    const file = path.join(t.dataDir, 'lot-a.dxf');
    fs.writeFileSync(file, await download('dxf', 'CH170100009001'));
    const reader = `
import json, sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
msp = doc.modelspace()
print(json.dumps({layer: [[list(p)[:2] for p in e.get_points('xy')] for e in msp.query('LWPOLYLINE[layer=="%s"]' % layer)]
  for layer in ('${DXF_LAYERS.parcel.name}', '${DXF_LAYERS.neighbours.name}')}))
`;
    const read = spawnSync('/usr/bin/python3', ['-c', reader, file], { encoding: 'utf8' });
    expect(read.stderr).toBe('');
    const layers = JSON.parse(read.stdout) as Record<string, number[][][]>;
    expect(layers[DXF_LAYERS.parcel.name]).toEqual([LOT_A]);
    expect(layers[DXF_LAYERS.neighbours.name]).toContainEqual(LOT_B);
  });

  it('places the IFC site footprint on the survey corners (map conversion + local points)', async () => {
    const model = (await download('ifc', 'CH170100009001')).toString('latin1');
    const conversion = /IFCMAPCONVERSION\([^,]*,[^,]*,([-\d.E+]+),([-\d.E+]+),/.exec(model);
    expect(conversion).not.toBeNull();
    const [originE, originN] = [Number(conversion![1]), Number(conversion![2])];
    const points = [...model.matchAll(/IFCCARTESIANPOINT\(\(([-\d.E+]+),([-\d.E+]+)\)\)/g)].map((m) => [
      originE + Number(m[1]),
      originN + Number(m[2]),
    ]);
    for (const [e, n] of LOT_A)
      expect(points.some(([pe, pn]) => Math.abs(pe - e) < 1e-6 && Math.abs(pn - n) < 1e-6)).toBe(true);
  });
});
