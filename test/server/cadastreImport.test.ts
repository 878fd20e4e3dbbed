import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import type { Database } from 'better-sqlite3';
import { signIn, type TestApp } from './helpers/createTestApp';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { createSqliteCadastreWriter } from '../../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { CadastreImportError } from '../../server/data/cadastre/CadastreSource';
import { tileAt } from '../../server/geo/projection';
import { datasetNeedsBuild } from '../../server/data/ensureDataset';
import { DATASET_GENERATOR_VERSION } from '../../server/data/buildDataset';
import type { DatasetInfo } from '../../server/store/contract/parcels/DatasetWriter';
import {
  CADASTRE_IMPORT_PROGRESS_EVENT,
  type CadastreImportProgress,
  type CadastreImportResult,
} from '../../src/contract/CadastreImport';
import type { ParcelFullResponse, SearchResponse } from '../../src/contract/Parcel';
import { geoJson, square, writeGeoPackage } from '../helpers/cadastreFiles';
import { uploadCadastreFile } from './helpers/uploadCadastreFile';
import {
  BAAR,
  baarRows,
  brokenBaarRows,
  BROKEN_BAAR_FEATURE,
  BROKEN_BAAR_REASON,
  E,
  N,
} from '../helpers/baarSurvey';

let t: TestApp;
let db: Database;
let user: { authorization: string };
let admin: { authorization: string };

const CHAM = 1702;

const file = (name: string) => path.join(t.dataDir, name);
const count = (sql: string, ...params: (string | number)[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
const datasetMeta = () => db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get() as string;
/** Everything an import may change, to prove a refused file changed nothing. */
const snapshot = () => ({
  parcels: count('SELECT COUNT(*) FROM parcels'),
  official: count("SELECT COUNT(*) FROM parcels WHERE origin = 'official'"),
  buildings: count('SELECT COUNT(*) FROM buildings'),
  fts: count("SELECT COUNT(*) FROM parcels_fts WHERE parcels_fts MATCH 'baar OR cham OR hunenberg'"),
  meta: datasetMeta(),
  ids: db.prepare('SELECT group_concat(prc_id) FROM (SELECT prc_id FROM parcels ORDER BY id)').pluck().get(),
});

async function search(text: string): Promise<SearchResponse> {
  const res = await t.app.inject({
    url: `/v1/secure/maps/search?searchQuery=${encodeURIComponent(text)}`,
    headers: user,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function tileParcelIds(lon: number, lat: number, z = 16): Promise<string[]> {
  const { x, y } = tileAt(lon, lat, z);
  const res = await t.app.inject({ url: `/v1/secure/maps/all-around?x=${x}&y=${y}&z=${z}`, headers: user });
  expect(res.statusCode).toBe(200);
  const layer = new VectorTile(new Pbf(res.rawPayload)).layers.around;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => String(layer.feature(i).properties.PRC_ID));
}

beforeAll(async () => {
  ({ t, headers: user } = await createDatasetTestApp());
  db = t.db;
  admin = (await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'admin@atlas.test' })).headers;
}, 60_000);
afterAll(async () => t.close());

describe('importing a cantonal survey GeoPackage (LV95)', () => {
  let result: CadastreImportResult;
  let demoInBaar: number;
  let demoHazard: string;
  let tileBefore: string[];
  const progress: CadastreImportProgress[] = [];

  beforeAll(async () => {
    demoInBaar = count('SELECT COUNT(*) FROM parcels WHERE mun_bfs = ?', BAAR);
    // The demo parcel under the first lot: its thematic facts are kept by the import.
    const [lon, lat] = [8.53033, 47.19521];
    tileBefore = await tileParcelIds(lon, lat);
    const under = db
      .prepare(
        "SELECT prc_id FROM parcels WHERE mun_bfs = ? AND ind = 'Standard' ORDER BY abs(lon - ?) + abs(lat - ?) LIMIT 1",
      )
      .pluck()
      .get(BAAR, lon, lat) as string;
    const detail = await t.app.inject({ url: `/v1/secure/maps/prcid/${under}/objects-full`, headers: user });
    demoHazard = (detail.json() as ParcelFullResponse).feature.HAZ_WAT as string;
    writeGeoPackage(file('baar.gpkg'), baarRows);
    result = await importCadastreFile({
      writer: createSqliteCadastreWriter(db),
      file: file('baar.gpkg'),
      onProgress: (p) => progress.push(p),
    });
  });

  it('replaces the demo parcels of the municipality it covers, and only those', () => {
    expect(demoInBaar).toBeGreaterThan(3);
    expect(result).toMatchObject({
      parcels: 3,
      crs: 'EPSG:2056',
      municipalities: [{ bfs: BAAR, name: 'Baar', canton: 'ZG', parcels: 3 }],
      warnings: [],
    });
    expect(count('SELECT COUNT(*) FROM parcels WHERE mun_bfs = ?', BAAR)).toBe(3);
    expect(
      count("SELECT COUNT(*) FROM parcels WHERE mun_bfs = ? AND origin = 'synthetic'", CHAM),
    ).toBeGreaterThan(0);
    expect(
      count(
        'SELECT COUNT(*) FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = ?',
        BAAR,
      ),
    ).toBe(0);
    expect(count('SELECT COUNT(*) FROM buildings WHERE parcel_id NOT IN (SELECT id FROM parcels)')).toBe(0);
    expect(progress.at(-1)).toEqual({ phase: 'done', done: 3, total: 3 });
  });

  it('finds the imported parcel by its EGRID, marked official, with the register facts of the file', async () => {
    const body = await search('CH170100000002');
    expect(body.hits.total.value).toBe(1);
    const hit = body.hits.hits[0]._source;
    expect(hit).toMatchObject({
      PRC_ID: 'CH170100000002',
      PRC_NO: '102',
      PRC_TYP: 'Baurecht',
      PRC_SRC: 'official',
      LOCNAME: 'Baar',
      CANTON: 'ZG',
      // No area column value: measured from the geometry, the hole subtracted (900 − 25 m²).
      PRC_SUR: 875,
    });
    expect(hit.PRC_COO_X).toBeCloseTo(E + 45, -1);
    expect(hit.PRC_COO_Y).toBeCloseTo(N + 15, -1);
    expect(hit.geometry?.coordinates).toHaveLength(2);
    // The old demo parcels are gone from the text index too.
    expect((await search('Baar')).hits.total.value).toBe(3);
    expect((await search('102')).hits.hits.map((h) => h._id)).toContain('CH170100000002');
  });

  it('keeps the thematic attributes of the demo parcel that lay under the imported one', async () => {
    const res = await t.app.inject({
      url: '/v1/secure/maps/prcid/CH170100000001/objects-full',
      headers: user,
    });
    const { feature, objects } = res.json() as ParcelFullResponse;
    expect(feature).toMatchObject({ PRC_SRC: 'official', PRC_SUR: 900, HAZ_WAT: demoHazard, OBJ_COUNT: 0 });
    expect(objects).toEqual([]);
  });

  it('draws the imported parcels in the tile, which the changed build id does not serve stale', async () => {
    const ids = await tileParcelIds(8.53033, 47.19521);
    expect(ids).toEqual(expect.arrayContaining(['CH170100000001', 'CH170100000002', 'CH170100000003']));
    expect(tileBefore).not.toContain('CH170100000001');
    expect(JSON.parse(datasetMeta())).toMatchObject({
      imports: [{ source: file('baar.gpkg'), municipalities: [BAAR], parcels: 3 }],
    });
  });

  it('tells the map how much of the data is demo data', async () => {
    const res = await t.app.inject({ url: '/v1/secure/maps/data-quality', headers: user });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      officialParcels: 3,
      syntheticParcels: count("SELECT COUNT(*) FROM parcels WHERE origin = 'synthetic'"),
    });
    expect((await t.app.inject({ url: '/v1/secure/maps/data-quality' })).statusCode).toBe(401);
  });

  it('is never rebuilt at start by a newer demo generator, which would throw the official parcels away', () => {
    const info = JSON.parse(datasetMeta()) as DatasetInfo;
    expect(datasetNeedsBuild(info)).toBe(false);
    expect(datasetNeedsBuild({ ...info, generator: DATASET_GENERATOR_VERSION - 1 })).toBe(false);
    expect(datasetNeedsBuild({ ...info, generator: DATASET_GENERATOR_VERSION - 1, imports: [] })).toBe(true);
  });

  it('refuses a second, broken file naming the feature and the reason, and changes nothing', async () => {
    const before = snapshot();
    writeGeoPackage(file('broken.gpkg'), brokenBaarRows);
    await expect(
      importCadastreFile({ writer: createSqliteCadastreWriter(db), file: file('broken.gpkg') }),
    ).rejects.toThrow(new CadastreImportError(BROKEN_BAAR_FEATURE, BROKEN_BAAR_REASON));
    expect(snapshot()).toEqual(before);
    expect((await search('CH170100000001')).hits.total.value).toBe(1);
  });

  it('refuses a layer without the EGRID column, naming the column and the columns it has', async () => {
    const before = snapshot();
    writeGeoPackage(file('nocolumn.gpkg'), baarRows, { columns: ['Nummer', 'BFSNr'] });
    await expect(
      importCadastreFile({ writer: createSqliteCadastreWriter(db), file: file('nocolumn.gpkg') }),
    ).rejects.toThrow(
      'layer: missing column "EGRIS_EGRID" or "EGRIS_EGRI" or "EGRID" or "egrid" for egrid (columns: fid, Nummer, BFSNr)',
    );
    expect(snapshot()).toEqual(before);
  });
});

describe('a GeoPackage written by GDAL and damaged on the way', () => {
  /** The Baar survey as GDAL's ogr2ogr writes it: a real GeoPackage of many pages. */
  function gdalGeoPackage(name: string): Buffer {
    fs.writeFileSync(
      file(`${name}.geojson`),
      geoJson(
        baarRows.map((r) => ({
          properties: { EGRIS_EGRID: r.egrid, Nummer: r.number, BFSNr: r.bfs },
          polygons: r.polygons,
        })),
      ),
    );
    const gdal = spawnSync('ogr2ogr', [
      '-f',
      'GPKG',
      file(`${name}.gpkg`),
      file(`${name}.geojson`),
      '-a_srs',
      'EPSG:2056',
      '-nln',
      'Liegenschaften',
    ]);
    expect(gdal.status).toBe(0);
    return fs.readFileSync(file(`${name}.gpkg`));
  }
  const importBytes = async (name: string, bytes: Buffer) => {
    fs.writeFileSync(file(name), bytes);
    return importCadastreFile({ writer: createSqliteCadastreWriter(db), file: file(name) });
  };

  it('says a file cut short is truncated, with how much of it arrived, and changes nothing', async () => {
    const whole = gdalGeoPackage('gdal');
    const before = snapshot();
    await expect(importBytes('half.gpkg', whole.subarray(0, 40_960))).rejects.toThrow(
      `The GeoPackage file is incomplete or damaged: it holds 40,960 of the ${whole.length.toLocaleString('en')} bytes its header announces (an interrupted download or copy?)`,
    );
    await expect(importBytes('odd.gpkg', whole.subarray(0, 40_000))).rejects.toThrow(
      'The GeoPackage file is incomplete or damaged: it holds 40,000 of the',
    );
    await expect(importBytes('header.gpkg', whole.subarray(0, 60))).rejects.toThrow(
      'The GeoPackage file is incomplete or damaged: it ends after 60 bytes, inside its header (an interrupted download or copy?)',
    );
    expect(snapshot()).toEqual(before);
  });

  it('refuses a parcel with more vertices than allowed before checking it, naming the count', async () => {
    fs.writeFileSync(file('many.gpkg'), gdalGeoPackage('many'));
    const before = snapshot();
    await expect(
      importCadastreFile({ writer: createSqliteCadastreWriter(db), file: file('many.gpkg'), maxVertices: 4 }),
    ).rejects.toThrow(
      'Liegenschaften fid 1: has 5 vertices, more than the 4 a parcel may have (CADASTRE_MAX_VERTICES)',
    );
    expect(snapshot()).toEqual(before);
  });

  it('says a file with damaged pages is damaged, naming SQLite’s finding, and changes nothing', async () => {
    const damaged = Buffer.from(gdalGeoPackage('gdal2'));
    // Overwrite every page after the first with noise: the catalogue and the features are unreadable.
    for (let i = 4096; i < damaged.length; i++) damaged[i] = (i * 7919) % 251;
    const before = snapshot();
    await expect(importBytes('damaged.gpkg', damaged)).rejects.toThrow(
      'The GeoPackage file is incomplete or damaged: SQLite reports',
    );
    expect(snapshot()).toEqual(before);
  });
});

describe('importing GeoJSON', () => {
  const chamLots = (e: number, n: number) => [
    { properties: { egrid: 'CH170200000001', nr: '7' }, polygons: [[square(e, n, 25)]] },
    { properties: { egrid: 'CH170200000002', nr: '8' }, polygons: [[square(e + 25, n, 25)]] },
  ];
  const mapping = JSON.stringify({ egrid: 'egrid', number: 'nr' });

  it('refuses LV03 coordinates (wrong CRS) whether declared or not, and imports nothing', async () => {
    const before = snapshot();
    fs.writeFileSync(file('lv03.geojson'), geoJson(chamLots(677_600, 226_400)));
    await expect(
      importCadastreFile({
        writer: createSqliteCadastreWriter(db),
        file: file('lv03.geojson'),
        mappingJson: mapping,
      }),
    ).rejects.toThrow(
      'feature 1: wrong CRS: coordinate (677600, 226400) is neither LV95 (EPSG:2056) nor WGS84 in Switzerland',
    );
    fs.writeFileSync(
      file('lv03named.geojson'),
      geoJson(chamLots(677_600, 226_400), 'urn:ogc:def:crs:EPSG::21781'),
    );
    await expect(
      importCadastreFile({
        writer: createSqliteCadastreWriter(db),
        file: file('lv03named.geojson'),
        mappingJson: mapping,
      }),
    ).rejects.toThrow('The file is in the old Swiss coordinates LV03 (EPSG:21781)');
    expect(snapshot()).toEqual(before);
  });

  it('is uploaded by an admin: streamed, located by position, progress on the socket events', async () => {
    fs.writeFileSync(file('cham.geojson'), geoJson(chamLots(2_677_600, 1_226_400), 'EPSG:2056'));
    const pushed: unknown[] = [];
    const listener = (event: unknown) => pushed.push(event);
    t.app.ctx.events.on(CADASTRE_IMPORT_PROGRESS_EVENT, listener);
    const res = await upload(admin, file('cham.geojson'), mapping);
    t.app.ctx.events.off(CADASTRE_IMPORT_PROGRESS_EVENT, listener);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      parcels: 2,
      municipalities: [{ bfs: CHAM, name: 'Cham', parcels: 2 }],
    });
    expect(pushed.at(-1)).toMatchObject({ phase: 'done', done: 2 });
    expect((pushed[0] as { userId: string }).userId).toBeTruthy();
    expect((await search('CH170200000002')).hits.hits[0]._source).toMatchObject({
      LOCNAME: 'Cham',
      PRC_SRC: 'official',
    });
  });

  it('answers 403 to a map user and 400 with the reason to a broken upload, changing nothing', async () => {
    const before = snapshot();
    expect((await upload(user, file('cham.geojson'), mapping)).statusCode).toBe(403);
    fs.writeFileSync(
      file('open.geojson'),
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { egrid: 'CH170200000009', nr: '9' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [8.46, 47.18],
                  [8.461, 47.18],
                  [8.461, 47.181],
                ],
              ],
            },
          },
        ],
      }),
    );
    const res = await upload(admin, file('open.geojson'), mapping);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message:
        'Nothing imported. feature 1: invalid geometry: the exterior ring has 3 positions (at least 4)',
    });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/file-items/cadastre/upload',
      headers: admin,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(snapshot()).toEqual(before);
  });
});

function upload(headers: { authorization: string }, file_: string, mapping?: string) {
  return uploadCadastreFile(t.app, headers, file_, mapping);
}
