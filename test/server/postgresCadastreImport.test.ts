import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { CadastreImportError } from '../../server/data/cadastre/CadastreSource';
import { buildPostgresDataset } from '../../server/data/buildPostgresDataset';
import { connectPostgres, type PostgresConnection } from '../../server/store/postgres/PostgresConnection';
import { openPostgresCadastreWriter } from '../../server/store/postgres/cadastre/openPostgresCadastreWriter';
import { parcelTextQuery } from '../../server/store/postgres/parcels/parcelTextSearch';
import { watchDatasetVersion } from '../../server/store/postgres/datasetVersion/watchDatasetVersion';
import { createPostgresParcelRepository } from '../../server/store/postgres/parcels/createPostgresParcelRepository';
import { parcelSurroundings } from '../../server/services/reports/parcelSurroundings';
import type { DatasetInfo } from '../../server/store/contract/parcels/DatasetWriter';
import {
  createTestPostgresDatabase,
  SMALL_ZUG_DATASET,
  type TestPostgresDatabase,
} from './helpers/testPostgres';
import { writeGeoPackage } from '../helpers/cadastreFiles';
import {
  BAAR,
  baarRows,
  brokenBaarRows,
  BROKEN_BAAR_FEATURE,
  BROKEN_BAAR_REASON,
  E,
  N,
} from '../helpers/baarSurvey';

// `npm run import` and the admin upload write to PostgreSQL when DATABASE_URL is set — the
// scenario of cadastreImport.test.ts (SQLite) on the PostgreSQL writer: one transaction per municipality,
// the text index and the build id updated, a broken second file changes nothing.

let database: TestPostgresDatabase;
let db: PostgresConnection;
let dir: string;
const file = (name: string) => path.join(dir, name);

const count = async (sql: string, params: (string | number)[] = []) =>
  (await db.one<{ n: number }>(`SELECT count(*) AS n FROM (${sql}) AS rows`, params))?.n;
/** Parcel EGRIDs the text index finds for the words, as the search's text part asks it. */
const textFinds = async (...words: string[]) =>
  (
    await db.query<{ prc_id: string }>(
      'SELECT prc_id FROM parcels WHERE text_search @@ $1::tsquery ORDER BY id',
      [parcelTextQuery(words) ?? ''],
    )
  ).map((row) => row.prc_id);
const meta = async () =>
  JSON.parse(
    (await db.one<{ value: string }>("SELECT value FROM meta WHERE key = 'dataset'"))?.value ?? '{}',
  ) as DatasetInfo;
/** Everything an import may change, to prove a refused file changed nothing. */
const snapshot = async () => ({
  parcels: await count('SELECT 1 FROM parcels'),
  official: await count("SELECT 1 FROM parcels WHERE origin = 'official'"),
  buildings: await count('SELECT 1 FROM buildings'),
  streets: await count('SELECT 1 FROM streets'),
  meta: await meta(),
  ids: await db.query('SELECT prc_id FROM parcels ORDER BY id'),
});

async function importFile(name: string) {
  const { writer, close } = await openPostgresCadastreWriter(database.url);
  try {
    return await importCadastreFile({ writer, file: file(name) });
  } finally {
    await close();
  }
}

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  await buildPostgresDataset(database.url, SMALL_ZUG_DATASET);
  db = await connectPostgres(database.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-pg-import-'));
}, 120_000);
afterAll(async () => {
  await db?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('importing a cantonal survey GeoPackage into PostgreSQL', () => {
  let demoInBaar: number;
  let versionBefore: string;
  let version: () => Promise<string>;

  beforeAll(async () => {
    demoInBaar = (await count('SELECT 1 FROM parcels WHERE mun_bfs = $1', [BAAR])) ?? 0;
    version = watchDatasetVersion(db);
    versionBefore = await version();
    writeGeoPackage(file('baar.gpkg'), baarRows);
    await expect(importFile('baar.gpkg')).resolves.toMatchObject({
      parcels: 3,
      crs: 'EPSG:2056',
      municipalities: [{ bfs: BAAR, name: 'Baar', canton: 'ZG', parcels: 3 }],
      warnings: [],
    });
  }, 60_000);

  it('replaces the demo parcels of the municipality it covers, their buildings and roofs, and only those', async () => {
    expect(demoInBaar).toBeGreaterThan(3);
    expect(await count('SELECT 1 FROM parcels WHERE mun_bfs = $1', [BAAR])).toBe(3);
    expect(await count("SELECT 1 FROM parcels WHERE mun_bfs = $1 AND origin = 'official'", [BAAR])).toBe(3);
    expect(
      await count("SELECT 1 FROM parcels WHERE mun_bfs <> $1 AND origin = 'synthetic'", [BAAR]),
    ).toBeGreaterThan(0);
    expect(await count('SELECT 1 FROM buildings WHERE parcel_id NOT IN (SELECT id FROM parcels)')).toBe(0);
    expect(
      await count('SELECT 1 FROM building_roofs WHERE building_id NOT IN (SELECT id FROM buildings)'),
    ).toBe(0);
    expect(await db.one('SELECT origin, parcel_count FROM municipalities WHERE bfs = $1', [BAAR])).toEqual({
      origin: 'official',
      parcel_count: 3,
    });
  });

  it('indexes the imported parcels for the text search (EGRID, number, municipality) and drops the old ones', async () => {
    expect(await textFinds('CH170100000002')).toEqual(['CH170100000002']);
    expect(await textFinds('102', 'baar')).toEqual(['CH170100000002']);
    expect((await textFinds('baar')).sort()).toEqual(['CH170100000001', 'CH170100000002', 'CH170100000003']);
  });

  it('stores the shape with its hole and the box the tiles are read by', async () => {
    const row = await db.one<{ area: number; holes: number; inside: boolean }>(
      `SELECT round(ST_Area(shape)) AS area, ST_NumInteriorRings(shape) AS holes,
         box && ST_Transform(ST_SetSRID(ST_MakePoint(lon, lat), 4326), 3857) AS inside
       FROM parcels WHERE prc_id = 'CH170100000002'`,
    );
    expect(row?.inside).toBe(true);
    // Web Mercator areas are larger than true ones at 47° N (× 1/cos² ≈ 2.16): 875 m² on the ground.
    expect(row?.holes).toBe(1);
    expect(row?.area).toBeGreaterThan(875 * 2);
    expect(row?.area).toBeLessThan(875 * 2.3);
  });

  it('gives the outlines back in LV95 as the file has them, for the API and the drawings (neighbours too)', async () => {
    const repository = createPostgresParcelRepository(db);
    const detail = await repository.parcel('CH170100000002');
    const closedSquare = (e: number, n: number, size: number, reverse = false) => {
      const ring: [number, number][] = [
        [e, n],
        [e + size, n],
        [e + size, n + size],
        [e, n + size],
      ];
      const ordered = reverse ? [ring[0], ...ring.slice(1).reverse()] : ring;
      return [...ordered, ordered[0]];
    };
    expect(detail?.parcel.geometryLv95?.coordinates).toEqual([
      closedSquare(E + 30, N, 30),
      closedSquare(E + 40, N + 10, 5, true),
    ]);
    const { neighbours } = await parcelSurroundings(repository, detail!.parcel);
    const first = neighbours.find((n) => n.prcId === 'CH170100000001');
    expect(first?.rings).toEqual([closedSquare(E, N, 30).slice(0, -1)]);
  });

  it('records the import and changes the build id, which every instance is notified of', async () => {
    expect(await meta()).toMatchObject({ imports: [{ municipalities: [BAAR], parcels: 3 }] });
    expect((await meta()).parcels).toBe(await count('SELECT 1 FROM parcels'));
    // The search columns were saved again for the new rows.
    expect(await count('SELECT 1 FROM parcel_filter_columns')).toBeGreaterThan(0);
    for (let attempt = 0; attempt < 100 && (await version()) === versionBefore; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await version()).not.toBe(versionBefore);
    expect(JSON.parse(await version())).toEqual(await meta());
  });

  it('refuses a second, broken file naming the feature and the reason, and changes nothing', async () => {
    const before = await snapshot();
    writeGeoPackage(file('broken.gpkg'), brokenBaarRows);
    await expect(importFile('broken.gpkg')).rejects.toThrow(
      new CadastreImportError(BROKEN_BAAR_FEATURE, BROKEN_BAAR_REASON),
    );
    expect(await snapshot()).toEqual(before);
    expect(await textFinds('CH170100000001')).toEqual(['CH170100000001']);
  });
});
