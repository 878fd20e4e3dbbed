import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { uploadCadastreFile } from './helpers/uploadCadastreFile';
import { countRows } from './helpers/countRows';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { createSqliteCadastreWriter } from '../../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { createSqliteBuildingsWriter } from '../../server/store/sqlite/parcels/createSqliteBuildingsWriter';
import type { CadastreImportResult } from '../../src/contract/CadastreImport';
import type { ParcelFullResponse } from '../../src/contract/Parcel';
import { ogr2ogr, shapefileFolder, zipFolder } from '../helpers/ogr2ogrFiles';
import {
  sqliteDemoBuildings,
  DM01_BUILDINGS_SUMMARY,
  dm01Egids,
  squareAround,
  surveyEgrid,
  writeDm01Survey,
  type DemoBuilding,
} from '../helpers/landCoverScenario';

/**
 * The official survey as cantons publish it (DM.01-AV-CH): one zipped Shapefile export holding the
 * parcels, the land cover and the building-number table, and a GeoPackage of the land cover with its
 * building-number table — the buildings take their EGIDs from `Gebaeudenummer`, so the register joins them
 * by EGID (ADR 045). Files written by GDAL's ogr2ogr (test/helpers/landCoverScenario.ts).
 */

let t: TestApp;
let db: Database;
let user: { authorization: string };
let admin: { authorization: string };

const BAAR = 1701;
const CHAM = 1702;
const HUENENBERG = 1703;

const file = (name: string) => path.join(t.dataDir, name);
const count = countRows(() => db);
const buildingsIn = (bfs: number) =>
  count('SELECT COUNT(*) FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = ?', bfs);
const parcelsIn = (bfs: number) => count('SELECT COUNT(*) FROM parcels WHERE mun_bfs = ?', bfs);
/** Everything an import may change, to prove a refused file changed nothing. */
const snapshot = () => ({
  parcels: db
    .prepare('SELECT group_concat(prc_id) FROM (SELECT prc_id FROM parcels ORDER BY id)')
    .pluck()
    .get(),
  buildings: db
    .prepare('SELECT group_concat(obj_id) FROM (SELECT obj_id FROM buildings ORDER BY id)')
    .pluck()
    .get(),
  roofs: count('SELECT COUNT(*) FROM building_roofs'),
  meta: db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get(),
});

const demoBuildings = (bfs: number): DemoBuilding[] => sqliteDemoBuildings(db, bfs);

async function objectsOn(egrid: string) {
  const res = await t.app.inject({ url: `/v1/secure/maps/prcid/${egrid}/objects-full`, headers: user });
  expect(res.statusCode).toBe(200);
  return (res.json() as ParcelFullResponse).objects;
}

const upload = (name: string, register?: string, langcode = 'en') =>
  uploadCadastreFile(
    t.app,
    { ...admin, langcode },
    file(name),
    undefined,
    register ? file(register) : undefined,
  );

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  buildTestDataset(db);
  user = (await signIn(t.app)).headers;
  admin = (await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'dm01-admin@atlas.test' })).headers;
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
}, 60_000);
afterAll(async () => t.close());

describe('one zipped Shapefile export with the parcels, the land cover and the building numbers, uploaded with the register', () => {
  let result: CadastreImportResult;
  let before: { cham: number; huenenberg: number; chamParcels: number };

  beforeAll(async () => {
    const baar = demoBuildings(BAAR);
    expect(baar).toHaveLength(3);
    before = { cham: buildingsIn(CHAM), huenenberg: buildingsIn(HUENENBERG), chamParcels: parcelsIn(CHAM) };
    writeDm01Survey(file('baar-av.shp.zip'), file('baar-gwr.csv'), baar, BAAR, 'zip');
    const res = await upload('baar-av.shp.zip', 'baar-gwr.csv');
    expect(res.statusCode).toBe(200);
    result = res.json() as CadastreImportResult;
  }, 60_000);

  it('imports the parcels first, then the land cover’s buildings onto them, in one upload', () => {
    expect(result).toMatchObject({
      parcels: 3,
      crs: 'EPSG:2056',
      municipalities: [{ bfs: BAAR, name: 'Baar', canton: 'ZG', parcels: 3, buildings: 3 }],
    });
    expect(parcelsIn(BAAR)).toBe(3);
    expect(buildingsIn(BAAR)).toBe(3);
    expect(count("SELECT COUNT(*) FROM buildings WHERE origin = 'official'")).toBe(3);
    expect(buildingsIn(CHAM)).toBe(before.cham);
    expect(buildingsIn(HUENENBERG)).toBe(before.huenenberg);
    expect(parcelsIn(CHAM)).toBe(before.chamParcels);
  });

  it('takes the EGIDs from the building-number table, so the register joins by EGID where it can', async () => {
    expect(result.buildings).toEqual(DM01_BUILDINGS_SUMMARY);
    const egid = dm01Egids(BAAR);
    // D: its EGID from Gebaeudenummer, its register row (whose point lies 100 m away) joined by that EGID.
    const [d] = await objectsOn(surveyEgrid(BAAR, 1));
    expect(d).toMatchObject({ OBJ_ID: String(egid.d), OBJ_JOB: 1911, OBJ_FLO: 3, OBJ_SRC: 'official' });
    // E: no building number; the register row whose point lies inside it.
    const [e] = await objectsOn(surveyEgrid(BAAR, 2));
    expect(e).toMatchObject({ OBJ_ID: String(egid.e), OBJ_JOB: 1988, OBJ_FLO: 5 });
    // F: its EGID from Gebaeudenummer, not in the register: the outline's facts.
    const [f] = await objectsOn(surveyEgrid(BAAR, 3));
    expect(f).toMatchObject({ OBJ_ID: String(egid.f), OBJ_JOB: null, OBJ_FLO: 1 });
    expect(result.warnings).toEqual([
      '1 EGID of the table "Gebaeudenummer" refers to no building surface of the land cover and was not used',
    ]);
  });
});

describe('a DM.01 GeoPackage of the land cover with its building-number table, in ili2db’s names', () => {
  it('joins the register by the EGIDs of Bodenbedeckung_Gebaeudenummer through the command-line path', async () => {
    const cham = demoBuildings(CHAM);
    const chamParcels = parcelsIn(CHAM);
    writeDm01Survey(file('cham-bb.gpkg'), file('cham-gwr.csv'), cham, CHAM, 'gpkg');
    const result = await importCadastreFile({
      writer: createSqliteCadastreWriter(db),
      buildings: createSqliteBuildingsWriter(db),
      file: file('cham-bb.gpkg'),
      registerFile: file('cham-gwr.csv'),
    });
    expect(result).toMatchObject({
      parcels: 0,
      municipalities: [{ bfs: CHAM, parcels: 0, buildings: 3 }],
      buildings: DM01_BUILDINGS_SUMMARY,
    });
    expect(parcelsIn(CHAM)).toBe(chamParcels);
    const ids = (parcelId: number) =>
      db.prepare('SELECT obj_id FROM buildings WHERE parcel_id = ? ORDER BY obj_id').pluck().all(parcelId);
    const egid = dm01Egids(CHAM);
    expect(cham.map((b) => ids(b.parcelId))).toEqual([[String(egid.d)], [String(egid.e)], [String(egid.f)]]);
    expect(result.warnings).toEqual([
      '1 EGID of the table "Bodenbedeckung_Gebaeudenummer" refers to no building surface of the land cover and was not used',
    ]);
  }, 60_000);
});

describe('a bad survey archive is refused with a clear message, changing nothing (parcels included)', () => {
  let huenenberg: DemoBuilding[];
  beforeAll(() => {
    huenenberg = demoBuildings(HUENENBERG);
  });

  const refused = async (name: string, register: string | undefined, english: string, german: string) => {
    const before = snapshot();
    const res = await upload(name, register);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Nothing imported. ${english}`);
    const de = await upload(name, register, 'de');
    expect(de.json().message).toBe(`Nichts importiert. ${german}`);
    expect(snapshot()).toEqual(before);
  };

  /** An archive of one parcel and the land cover `landCover` (and more layers of `extra`), each written by ogr2ogr. */
  const archiveWith = (
    name: string,
    landCover: Record<string, string | number>[],
    extra: (folder: string) => void = () => {},
  ) => {
    const [h] = huenenberg;
    const folder = shapefileFolder(file(name));
    ogr2ogr(
      path.join(folder, 'Liegenschaft.shp'),
      [
        {
          WKT: squareAround(h.e, h.n, 40),
          EGRIS_EGRID: surveyEgrid(HUENENBERG, 1),
          Nummer: 'H1',
          BFSNr: HUENENBERG,
        },
      ],
      ['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:2056'],
    );
    ogr2ogr(path.join(folder, 'Bodenbedeckung.shp'), landCover, [
      '-f',
      'ESRI Shapefile',
      '-a_srs',
      'EPSG:2056',
    ]);
    extra(folder);
    zipFolder(folder, file(name));
  };

  it('a land-cover building whose outline crosses itself', async () => {
    const [h] = huenenberg;
    archiveWith('bowtie.shp.zip', [
      {
        WKT: `POLYGON ((${h.e - 3} ${h.n - 3},${h.e + 3} ${h.n + 3},${h.e + 3} ${h.n - 3},${h.e - 3} ${h.n + 3},${h.e - 3} ${h.n - 3}))`,
        Art: 'Gebaeude',
      },
    ]);
    await refused(
      'bowtie.shp.zip',
      undefined,
      'Bodenbedeckung record 1: invalid geometry: the exterior ring intersects itself (edges 1 and 3)',
      'Bodenbedeckung Datensatz 1: ungültige Geometrie: der äussere Ring schneidet sich selbst (Kanten 1 und 3)',
    );
  });

  it('a land cover without buildings', async () => {
    const [h] = huenenberg;
    archiveWith('roads.shp.zip', [{ WKT: squareAround(h.e, h.n, 10), Art: 'Strasse_Weg' }]);
    await refused(
      'roads.shp.zip',
      undefined,
      'The land-cover layer "Bodenbedeckung" holds no buildings (no surface of the kind Gebaeude, batiment, edificio or building)',
      'Die Bodenbedeckungsebene «Bodenbedeckung» enthält keine Gebäude (keine Fläche der Art Gebaeude, batiment, edificio oder building)',
    );
  });

  it('a building-number table without its EGID column', async () => {
    const [h] = huenenberg;
    archiveWith('no-egid.shp.zip', [{ WKT: squareAround(h.e, h.n), TID: 'bb1', Art: 'Gebaeude' }], (folder) =>
      ogr2ogr(
        path.join(folder, 'Gebaeudenummer.dbf'),
        [{ Gebaeudenummer_von: 'bb1', Nummer: 7 }],
        ['-f', 'ESRI Shapefile'],
      ),
    );
    await refused(
      'no-egid.shp.zip',
      undefined,
      'The building-number table "Gebaeudenummer" needs the columns Gebaeudenummer_von and GWR_EGID (its columns: Gebaeudenu, Nummer)',
      'Die Gebäudenummern-Tabelle «Gebaeudenummer» braucht die Spalten Gebaeudenummer_von und GWR_EGID (ihre Spalten: Gebaeudenu, Nummer)',
    );
  });
});
