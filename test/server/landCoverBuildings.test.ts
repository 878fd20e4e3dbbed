import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { uploadCadastreFile } from './helpers/uploadCadastreFile';
import { countRows } from './helpers/countRows';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { lv95ToLonLat, tileAt } from '../../server/geo/projection';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { createSqliteCadastreWriter } from '../../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { createSqliteBuildingsWriter } from '../../server/store/sqlite/parcels/createSqliteBuildingsWriter';
import type { CadastreImportResult } from '../../src/contract/CadastreImport';
import type { ParcelFullResponse } from '../../src/contract/Parcel';
import { ogr2ogr } from '../helpers/ogr2ogrFiles';
import {
  EGID_A,
  EGID_B,
  EGID_C,
  sqliteDemoBuildings,
  squareAround,
  writeLandCoverScenario,
  type DemoBuilding,
} from '../helpers/landCoverScenario';

/**
 * Buildings from the survey's land cover (DM.01 Bodenbedeckung, MOpublic lcsf) replace the demo
 * buildings of the municipalities they lie in, joined to the buildings register's public extract by EGID
 * or by position (ADR 045). Files written by GDAL's ogr2ogr (test/helpers/landCoverScenario.ts).
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
/** Everything a buildings import may change, to prove a refused file changed nothing. */
const snapshot = () => ({
  buildings: count('SELECT COUNT(*) FROM buildings'),
  boxes: count('SELECT COUNT(*) FROM buildings_rtree'),
  roofs: count('SELECT COUNT(*) FROM building_roofs'),
  ids: db
    .prepare('SELECT group_concat(obj_id) FROM (SELECT obj_id FROM buildings ORDER BY id)')
    .pluck()
    .get(),
  counts: db
    .prepare('SELECT group_concat(obj_count) FROM (SELECT obj_count FROM parcels ORDER BY id)')
    .pluck()
    .get(),
  meta: db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get(),
});

/** Three demo buildings of a municipality, on three different parcels, away from each other. */
const demoBuildings = (bfs: number): DemoBuilding[] => sqliteDemoBuildings(db, bfs);

async function parcelObjects(parcelId: number) {
  const egrid = db.prepare('SELECT prc_id FROM parcels WHERE id = ?').pluck().get(parcelId) as string;
  const res = await t.app.inject({ url: `/v1/secure/maps/prcid/${egrid}/objects-full`, headers: user });
  expect(res.statusCode).toBe(200);
  return (res.json() as ParcelFullResponse).objects;
}

/** The OBJ_ID and HEIGHT of the buildings the z16 objects tile holding the building's centre draws. */
async function tileBuildingsAround(d: DemoBuilding): Promise<{ id: string; height: number }[]> {
  const [lon, lat] = lv95ToLonLat(d.e, d.n);
  const { x, y } = tileAt(lon, lat, 16);
  const res = await t.app.inject({ url: `/v1/secure/maps/objects?x=${x}&y=${y}&z=16`, headers: user });
  expect(res.statusCode).toBe(200);
  const layer = new VectorTile(new Pbf(res.rawPayload)).layers.objects;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer.feature(i).properties).map((p) => ({
    id: String(p.OBJ_ID),
    height: Number(p.HEIGHT),
  }));
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
  admin = (await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'landcover-admin@atlas.test' }))
    .headers;
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
}, 60_000);
afterAll(async () => t.close());

describe('a land-cover GeoPackage with the register extract, uploaded by the admin', () => {
  let cham: DemoBuilding[];
  let before: { cham: number; baar: number; huenenberg: number; meta: unknown };
  let result: CadastreImportResult;
  let tileBefore: { id: string; height: number }[];

  beforeAll(async () => {
    cham = demoBuildings(CHAM);
    before = {
      cham: buildingsIn(CHAM),
      baar: buildingsIn(BAAR),
      huenenberg: buildingsIn(HUENENBERG),
      meta: snapshot().meta,
    };
    // The tile is rendered (and cached) before the import: the import must make the server drop it.
    tileBefore = await tileBuildingsAround(cham[0]);
    writeLandCoverScenario(file('cham-landcover.gpkg'), file('gwr.csv'), cham);
    const res = await upload('cham-landcover.gpkg', 'gwr.csv');
    expect(res.statusCode).toBe(200);
    result = res.json() as CadastreImportResult;
  }, 60_000);

  it('replaces the municipality’s demo buildings with the land cover’s buildings, and only those', () => {
    expect(cham).toHaveLength(3);
    expect(before.cham).toBeGreaterThan(3);
    expect(buildingsIn(CHAM)).toBe(3);
    expect(buildingsIn(BAAR)).toBe(before.baar);
    expect(buildingsIn(HUENENBERG)).toBe(before.huenenberg);
    expect(count("SELECT COUNT(*) FROM buildings WHERE origin = 'official'")).toBe(3);
    // The R*Tree and the roofs follow the rows: no box or roof of a deleted building is left.
    expect(count('SELECT COUNT(*) FROM buildings_rtree WHERE id NOT IN (SELECT id FROM buildings)')).toBe(0);
    expect(count('SELECT COUNT(*) FROM buildings WHERE id NOT IN (SELECT id FROM buildings_rtree)')).toBe(0);
    expect(
      count(
        `SELECT COUNT(*) FROM building_roofs o JOIN buildings b ON b.id = o.building_id
         JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = ? AND b.origin = 'synthetic'`,
        CHAM,
      ),
    ).toBe(0);
  });

  it('reports how many buildings came in and how the register was joined', () => {
    expect(result).toMatchObject({
      parcels: 0,
      crs: 'EPSG:2056',
      municipalities: [{ bfs: CHAM, name: 'Cham', canton: 'ZG', parcels: 0, buildings: 3 }],
      buildings: {
        imported: 3,
        matchedByEgid: 1,
        matchedByPosition: 1,
        registerUnmatched: 1,
        withoutParcel: 0,
      },
    });
  });

  it('puts each building on the parcel it lies on, with the register’s facts in the demo buildings’ shape', async () => {
    const [a, b, c] = cham;
    const objectsOf = async (d: DemoBuilding) => (await parcelObjects(d.parcelId)).map((o) => o.OBJ_ID);
    expect(await objectsOf(a)).toEqual([String(EGID_A)]);
    expect(await objectsOf(b)).toEqual([String(EGID_B)]);
    // C had no EGID in the land cover: it takes the EGID of the register row whose point lies inside it.
    expect(await objectsOf(c)).toEqual([String(EGID_C)]);
    const [byEgid] = await parcelObjects(a.parcelId);
    expect(byEgid).toMatchObject({
      OBJ_TYP: 'building',
      OBJ_FLO: 4,
      OBJ_JOB: 1972,
      OBJ_POB: '1971-1980',
      OBJ_SUR: 36,
      OBJ_SRC: 'official',
      OBJ_MUN: 'Cham',
    });
    expect(byEgid.geometryLv95?.coordinates[0]).toEqual(
      expect.arrayContaining([[a.e - 3, a.n - 3].map((v) => Math.round(v * 1000) / 1000)]),
    );
    const [byPosition] = await parcelObjects(c.parcelId);
    expect(byPosition).toMatchObject({
      OBJ_TYP: 'building_non_residential',
      OBJ_FLO: 2,
      OBJ_JOB: 1955,
      OBJ_POB: '1946-1960',
      OBJ_SUR: 36,
    });
    // Not in the register: what the outline says, one storey, no year.
    const [unregistered] = await parcelObjects(b.parcelId);
    expect(unregistered).toMatchObject({
      OBJ_FLO: 1,
      OBJ_JOB: null,
      OBJ_POB: '',
      OBJ_SUR: 36,
      OBJ_UNI: null,
    });
    // The 3D layer's height: storeys × 3 m + 1 m of roof.
    const height = (objId: number) =>
      count(
        'SELECT o.height FROM building_roofs o JOIN buildings b ON b.id = o.building_id WHERE b.obj_id = ?',
        String(objId),
      );
    expect([height(EGID_A), height(EGID_C), height(EGID_B)]).toEqual([13, 7, 4]);
  });

  it('draws the imported buildings in the map tiles at once, with their height for the 3D layer', async () => {
    expect(tileBefore.map((b) => b.id)).toContain(cham[0].objId);
    const after = await tileBuildingsAround(cham[0]);
    expect(after.map((b) => b.id)).not.toContain(cham[0].objId);
    expect(after).toContainEqual({ id: String(EGID_A), height: 13 });
  });

  it('updates the parcels’ building counts and changes the dataset’s build id', () => {
    const [a] = cham;
    expect(count('SELECT obj_count FROM parcels WHERE id = ?', a.parcelId)).toBe(1);
    expect(count('SELECT COUNT(*) FROM parcels WHERE mun_bfs = ? AND obj_count > 0', CHAM)).toBe(3);
    const meta = JSON.parse(snapshot().meta as string) as { importedAt: string; buildings: number };
    expect(meta.importedAt).not.toBe(JSON.parse(before.meta as string).importedAt);
    expect(meta.buildings).toBe(count('SELECT COUNT(*) FROM buildings'));
  });

  it('imports a GeoJSON land cover of its own (MOpublic lcsf, Genre batiment) into another municipality', async () => {
    const [h] = demoBuildings(HUENENBERG);
    const baarBefore = buildingsIn(BAAR);
    ogr2ogr(
      file('lcsf.geojson'),
      [
        { WKT: squareAround(h.e, h.n, 8), Genre: 'batiment' },
        { WKT: squareAround(h.e + 30, h.n + 30, 8), Genre: 'eau_stagnante' },
      ],
      ['-f', 'GeoJSON', '-s_srs', 'EPSG:2056', '-t_srs', 'EPSG:4326', '-lco', 'COORDINATE_PRECISION=9'],
    );
    const res = await upload('lcsf.geojson');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      municipalities: [{ bfs: HUENENBERG, buildings: 1 }],
      buildings: { imported: 1, matchedByEgid: 0, matchedByPosition: 0, registerUnmatched: 0 },
    });
    expect(buildingsIn(HUENENBERG)).toBe(1);
    expect(buildingsIn(CHAM)).toBe(3);
    expect(buildingsIn(BAAR)).toBe(baarBefore);
    const [building] = await parcelObjects(h.parcelId);
    // No EGID anywhere: a deterministic id from the municipality and the feature's position in the file.
    expect(building.OBJ_ID).toBe(`LC-${HUENENBERG}-1`);
  });
});

describe('bad files are refused with a clear message, changing nothing', () => {
  let baar: DemoBuilding[];
  beforeAll(() => {
    baar = demoBuildings(BAAR);
    writeLandCoverScenario(file('baar-landcover.gpkg'), file('baar-gwr.csv'), baar);
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

  it('a register extract cut short in the middle of a line', async () => {
    const text = fs.readFileSync(file('baar-gwr.csv'), 'utf8');
    fs.writeFileSync(file('cut.csv'), text.slice(0, text.indexOf('\n', text.indexOf('\n') + 1) + 20));
    await refused(
      'baar-landcover.gpkg',
      'cut.csv',
      'The buildings register extract is incomplete: line 3 has 4 of its 10 columns (an interrupted download or copy?)',
      'Der Auszug aus dem Gebäuderegister ist unvollständig: Zeile 3 hat 4 seiner 10 Spalten (abgebrochener Download oder Kopiervorgang?)',
    );
  });

  it('a register extract without an EGID column', async () => {
    fs.writeFileSync(file('no-egid.csv'), 'GKODE\tGKODN\tGKAT\n2682000\t1227000\t1020\n');
    await refused(
      'baar-landcover.gpkg',
      'no-egid.csv',
      'The buildings register extract has no EGID column (its columns: GKODE, GKODN, GKAT)',
      'Der Auszug aus dem Gebäuderegister hat keine Spalte EGID (seine Spalten: GKODE, GKODN, GKAT)',
    );
  });

  it('an empty register extract', async () => {
    fs.writeFileSync(file('empty.csv'), '');
    await refused(
      'baar-landcover.gpkg',
      'empty.csv',
      'The buildings register extract is empty: export it with its header line (EGID, GKODE, GKODN, GKAT, GBAUJ …)',
      'Der Auszug aus dem Gebäuderegister ist leer: Exportieren Sie ihn mit seiner Kopfzeile (EGID, GKODE, GKODN, GKAT, GBAUJ …)',
    );
  });

  it('a land-cover layer without buildings', async () => {
    ogr2ogr(
      file('no-buildings.gpkg'),
      [
        { WKT: squareAround(baar[0].e, baar[0].n, 20), Art: 'Strasse_Weg' },
        { WKT: squareAround(baar[1].e, baar[1].n, 20), Art: 'Gartenanlage' },
      ],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Bodenbedeckung'],
    );
    await refused(
      'no-buildings.gpkg',
      undefined,
      'The land-cover layer "Bodenbedeckung" holds no buildings (no surface of the kind Gebaeude, batiment, edificio or building)',
      'Die Bodenbedeckungsebene «Bodenbedeckung» enthält keine Gebäude (keine Fläche der Art Gebaeude, batiment, edificio oder building)',
    );
  });

  it('a land-cover layer that does not say what its surfaces are', async () => {
    ogr2ogr(
      file('no-kind.gpkg'),
      [{ WKT: squareAround(baar[0].e, baar[0].n), Bemerkung: 'Haus' }],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'lcsf'],
    );
    await refused(
      'no-kind.gpkg',
      undefined,
      'The land-cover layer "lcsf" has no column saying what each surface is (Art, Genre, Genere or Type)',
      'Die Bodenbedeckungsebene «lcsf» hat keine Spalte, die die Art jeder Fläche angibt (Art, Genre, Genere oder Type)',
    );
  });

  it('a register extract beside a file without land cover', async () => {
    ogr2ogr(
      file('parcels-only.gpkg'),
      [
        {
          WKT: squareAround(2_682_700, 1_227_500, 30),
          EGRIS_EGRID: 'CH170100000099',
          Nummer: '999',
          BFSNr: BAAR,
        },
      ],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaft'],
    );
    const parcels = count('SELECT COUNT(*) FROM parcels');
    await refused(
      'parcels-only.gpkg',
      'baar-gwr.csv',
      "The buildings register extract is joined to the survey's buildings, but the file holds no land-cover layer (DM.01 Bodenbedeckung, MOpublic lcsf)",
      'Der Auszug aus dem Gebäuderegister wird mit den Gebäuden der Vermessung verknüpft, aber die Datei enthält keine Bodenbedeckungsebene (DM.01 Bodenbedeckung, MOpublic lcsf)',
    );
    expect(count('SELECT COUNT(*) FROM parcels')).toBe(parcels);
  });

  it('the CLI path refuses the same way (importCadastreFile)', async () => {
    const before = snapshot();
    await expect(
      importCadastreFile({
        writer: createSqliteCadastreWriter(db),
        buildings: createSqliteBuildingsWriter(db),
        file: file('baar-landcover.gpkg'),
        registerFile: file('no-egid.csv'),
      }),
    ).rejects.toThrow('The buildings register extract has no EGID column');
    expect(snapshot()).toEqual(before);
  });
});

describe('a zipped Shapefile of the land cover', () => {
  it('imports its buildings (dBase GWR_EGID) with the register joined by EGID; an EGID held elsewhere is not taken', async () => {
    const [a, b] = demoBuildings(BAAR);
    const huenenberg = buildingsIn(HUENENBERG);
    ogr2ogr(
      file('bodenbedeckung.shp.zip'),
      [
        { WKT: squareAround(a.e, a.n, 10), Art: 'Gebaeude', GWR_EGID: 170_100_001 },
        // An EGID a building of Cham holds (imported above): this one is named by its record instead.
        { WKT: squareAround(b.e, b.n, 10), Art: 'Gebaeude', GWR_EGID: EGID_A },
      ],
      ['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:2056', '-lco', 'ENCODING=UTF-8', '-nln', 'bodenbedeckung'],
    );
    fs.writeFileSync(file('baar-register.csv'), 'EGID,GKAT,GBAUJ,GASTW\n170100001,1030,2008,6\n');
    const res = await upload('bodenbedeckung.shp.zip', 'baar-register.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      municipalities: [{ bfs: BAAR, buildings: 2 }],
      buildings: { imported: 2, matchedByEgid: 1, matchedByPosition: 0, registerUnmatched: 0 },
    });
    expect(buildingsIn(BAAR)).toBe(2);
    expect(buildingsIn(HUENENBERG)).toBe(huenenberg);
    const [building] = await parcelObjects(a.parcelId);
    expect(building).toMatchObject({ OBJ_ID: '170100001', OBJ_FLO: 6, OBJ_JOB: 2008, OBJ_POB: '2006-2010' });
    expect((await parcelObjects(b.parcelId)).map((o) => o.OBJ_ID)).toEqual([`LC-${BAAR}-2`]);
    expect(count('SELECT COUNT(*) FROM buildings WHERE obj_id = ?', String(EGID_A))).toBe(1);
    expect((res.json() as CadastreImportResult).warnings).toEqual([
      `building ${EGID_A} is held by a building of a municipality this file does not cover; this one is named by its feature id`,
    ]);
  });
});

describe('an Interlis 1 land cover that keeps Art as the enumeration’s number', () => {
  it('imports the surfaces of code 0 (Gebaeude) as buildings and skips the roads and forest (1, 13)', async () => {
    // Baar's buildings are the zipped Shapefile's by now (the describe above); the code-0 surface replaces them.
    const [s] = demoBuildings(BAAR);
    const huenenberg = buildingsIn(HUENENBERG);
    ogr2ogr(
      file('itf-bodenbedeckung.gpkg'),
      [
        { WKT: squareAround(s.e, s.n, 8), Art: 0 },
        { WKT: squareAround(s.e + 40, s.n + 40, 10), Art: 1 },
        { WKT: squareAround(s.e - 60, s.n - 60, 20), Art: 13 },
      ],
      ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Bodenbedeckung_BoFlaeche'],
    );
    const res = await upload('itf-bodenbedeckung.gpkg');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      municipalities: [{ bfs: BAAR, buildings: 1 }],
      buildings: { imported: 1 },
    });
    expect(buildingsIn(BAAR)).toBe(1);
    expect(buildingsIn(HUENENBERG)).toBe(huenenberg);
    expect((await parcelObjects(s.parcelId)).map((o) => o.OBJ_ID)).toEqual([`LC-${BAAR}-1`]);
  });
});
