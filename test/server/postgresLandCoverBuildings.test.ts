import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { buildPostgresDataset } from '../../server/data/buildPostgresDataset';
import { openPostgresCadastreWriter } from '../../server/store/postgres/cadastre/openPostgresCadastreWriter';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { decodeBuildingAttrs } from '../../server/store/contract/parcels/buildingAttrsCodec';
import type { DatasetInfo } from '../../server/store/contract/parcels/DatasetWriter';
import {
  createTestPostgresDatabase,
  SMALL_ZUG_DATASET,
  type TestPostgresDatabase,
} from './helpers/testPostgres';
import {
  EGID_A,
  EGID_B,
  EGID_C,
  chooseDemoBuildings,
  DEMO_BUILDINGS_SQL,
  DM01_BUILDINGS_SUMMARY,
  dm01Egids,
  surveyEgrid,
  writeDm01Survey,
  writeLandCoverScenario,
  type DemoBuilding,
} from '../helpers/landCoverScenario';

// On PostgreSQL: the land-cover scenario of landCoverBuildings.test.ts (SQLite) through the
// PostgreSQL buildings writer (ADR 045).

const BAAR = 1701;
const CHAM = 1702;

let database: TestPostgresDatabase;
let db: PostgresConnection;
let dir: string;
const file = (name: string) => path.join(dir, name);

const count = async (sql: string, params: (string | number)[] = []) =>
  Number((await db.one<{ n: number }>(`SELECT count(*) AS n FROM (${sql}) AS rows`, params))?.n);
const buildingsIn = (bfs: number) =>
  count('SELECT 1 FROM buildings b JOIN parcels p ON p.id = b.parcel_id WHERE p.mun_bfs = $1', [bfs]);
const meta = async () =>
  JSON.parse(
    (await db.one<{ value: string }>("SELECT value FROM meta WHERE key = 'dataset'"))?.value ?? '{}',
  ) as DatasetInfo;
const snapshot = async () => ({
  buildings: await count('SELECT 1 FROM buildings'),
  roofs: await count('SELECT 1 FROM building_roofs'),
  ids: await db.query('SELECT obj_id FROM buildings ORDER BY id'),
  meta: await meta(),
});

async function importFile(name: string, register?: string) {
  const { writer, buildings, close } = await openPostgresCadastreWriter(database.url);
  try {
    return await importCadastreFile({
      writer,
      buildings,
      file: file(name),
      registerFile: register ? file(register) : undefined,
    });
  } finally {
    await close();
  }
}

async function demoBuildings(bfs: number): Promise<DemoBuilding[]> {
  return chooseDemoBuildings(
    await db.query<{ obj_id: string; parcel_id: number; attrs: string }>(DEMO_BUILDINGS_SQL, [bfs]),
  );
}

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  await buildPostgresDataset(database.url, SMALL_ZUG_DATASET);
  db = await connectPostgres(database.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-pg-landcover-'));
}, 120_000);
afterAll(async () => {
  await db?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('land-cover buildings with the register extract, into PostgreSQL', () => {
  it('replaces the municipality’s buildings, joins the register by EGID and by position, and changes the build id', async () => {
    const cham = await demoBuildings(CHAM);
    expect(cham).toHaveLength(3);
    const before = { cham: await buildingsIn(CHAM), baar: await buildingsIn(BAAR), meta: await meta() };
    expect(before.cham).toBeGreaterThan(3);
    writeLandCoverScenario(file('cham.gpkg'), file('gwr.csv'), cham);
    await expect(importFile('cham.gpkg', 'gwr.csv')).resolves.toMatchObject({
      parcels: 0,
      municipalities: [{ bfs: CHAM, buildings: 3 }],
      buildings: {
        imported: 3,
        matchedByEgid: 1,
        matchedByPosition: 1,
        registerUnmatched: 1,
        withoutParcel: 0,
      },
    });
    expect(await buildingsIn(CHAM)).toBe(3);
    expect(await buildingsIn(BAAR)).toBe(before.baar);
    expect(
      await count('SELECT 1 FROM building_roofs WHERE building_id NOT IN (SELECT id FROM buildings)'),
    ).toBe(0);
    const stored = await db.query<{
      obj_id: string;
      parcel_id: number;
      attrs: string;
      height: number;
      origin: string;
    }>(
      `SELECT b.obj_id, b.parcel_id, b.attrs, o.height, b.origin FROM buildings b
       JOIN building_roofs o ON o.building_id = b.id JOIN parcels p ON p.id = b.parcel_id
       WHERE p.mun_bfs = $1 ORDER BY b.obj_id`,
      [CHAM],
    );
    expect(stored.map((b) => [b.obj_id, b.parcel_id, b.height, b.origin])).toEqual([
      [String(EGID_A), cham[0].parcelId, 13, 'official'],
      [String(EGID_B), cham[1].parcelId, 4, 'official'],
      [String(EGID_C), cham[2].parcelId, 7, 'official'],
    ]);
    expect(decodeBuildingAttrs(stored[0].attrs)).toMatchObject({
      OBJ_FLO: 4,
      OBJ_JOB: 1972,
      OBJ_POB: '1971-1980',
    });
    expect(decodeBuildingAttrs(stored[2].attrs)).toMatchObject({ OBJ_FLO: 2, OBJ_JOB: 1955 });
    expect(await count('SELECT 1 FROM parcels WHERE mun_bfs = $1 AND obj_count > 0', [CHAM])).toBe(3);
    // The box the tiles find buildings by is written with the row.
    expect(await count('SELECT 1 FROM buildings WHERE box IS NULL')).toBe(0);
    expect((await meta()).importedAt).not.toBe(before.meta.importedAt);
  }, 60_000);

  it('refuses a cut register extract and changes nothing', async () => {
    const baar = await demoBuildings(BAAR);
    writeLandCoverScenario(file('baar.gpkg'), file('baar-gwr.csv'), baar);
    const text = fs.readFileSync(file('baar-gwr.csv'), 'utf8');
    fs.writeFileSync(file('cut.csv'), text.slice(0, text.indexOf('\n', text.indexOf('\n') + 1) + 20));
    const before = await snapshot();
    await expect(importFile('baar.gpkg', 'cut.csv')).rejects.toThrow(
      'The buildings register extract is incomplete: line 3 has 4 of its 10 columns',
    );
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});

describe('one zipped DM.01 survey export into PostgreSQL (dm01SurveyArchive.test.ts on SQLite)', () => {
  it('imports the parcels, then the buildings with their EGIDs from Gebaeudenummer, joined to the register', async () => {
    const HUENENBERG = 1703;
    const huenenberg = await demoBuildings(HUENENBERG);
    expect(huenenberg).toHaveLength(3);
    const baar = await buildingsIn(BAAR);
    writeDm01Survey(file('huenenberg-av.shp.zip'), file('huenenberg-gwr.csv'), huenenberg, HUENENBERG, 'zip');
    const result = await importFile('huenenberg-av.shp.zip', 'huenenberg-gwr.csv');
    expect(result).toMatchObject({
      parcels: 3,
      municipalities: [{ bfs: HUENENBERG, parcels: 3, buildings: 3 }],
      buildings: DM01_BUILDINGS_SUMMARY,
    });
    const egid = dm01Egids(HUENENBERG);
    const stored = await db.query<{ obj_id: string; prc_id: string }>(
      `SELECT b.obj_id, p.prc_id FROM buildings b JOIN parcels p ON p.id = b.parcel_id
       WHERE p.mun_bfs = $1 ORDER BY p.prc_id`,
      [HUENENBERG],
    );
    expect(stored.map((b) => [b.prc_id, b.obj_id])).toEqual([
      [surveyEgrid(HUENENBERG, 1), String(egid.d)],
      [surveyEgrid(HUENENBERG, 2), String(egid.e)],
      [surveyEgrid(HUENENBERG, 3), String(egid.f)],
    ]);
    expect(await count('SELECT 1 FROM parcels WHERE mun_bfs = $1', [HUENENBERG])).toBe(3);
    expect(await buildingsIn(BAAR)).toBe(baar);
  }, 60_000);
});
