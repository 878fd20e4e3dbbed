import type { Database } from 'better-sqlite3';
import { buildDatasetAsync } from '../../../server/data/buildDataset';
import { openDatabase } from '../../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../../server/store/sqlite/createSqliteStores';
import {
  openPostgresRepositories,
  type PostgresRepositories,
} from '../../../server/store/postgres/createPostgresStores';
import { connectPostgres } from '../../../server/store/postgres/PostgresConnection';
import { createPostgresDatasetWriter } from '../../../server/store/postgres/parcels/createPostgresDatasetWriter';
import { buildTestDataset, TEST_DATASET_OPTIONS } from '../helpers/buildTestDataset';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../helpers/testPostgres';
import { describeParcelDatasetContract, type DatasetStores } from './describeParcelDatasetContract';
import { backfillBuildingReserve } from '../../../server/store/sqlite/migrations/028-building-reserve';
import { BUILDING_RESERVE_BACKFILL_SQL } from '../../../server/store/postgres/migrations/028-building-reserve';

// The same generated dataset (three municipalities of Zug) written by both writers: the SQLite one (the
// cached test dataset) and the PostgreSQL one into a database of the jest run's cluster.
let sqliteDb: Database;
let sqlite: DatasetStores;
let database: TestPostgresDatabase;
let postgres: PostgresRepositories;
beforeAll(async () => {
  sqliteDb = openDatabase(':memory:');
  buildTestDataset(sqliteDb);
  sqlite = createSqliteStores(sqliteDb);
  database = await createTestPostgresDatabase();
  postgres = await openPostgresRepositories(database.url);
  const writing = await connectPostgres(database.url);
  try {
    await buildDatasetAsync(createPostgresDatasetWriter(writing), TEST_DATASET_OPTIONS);
  } finally {
    await writing.close();
  }
});
afterAll(async () => {
  await postgres?.close();
  await database?.drop();
  sqliteDb?.close();
});

describe('SQLite: parcels, layers and price levels', () =>
  describeParcelDatasetContract(
    () => sqlite,
    () => sqlite,
  ));
describe('PostgreSQL: parcels, layers and price levels (the same answers as SQLite)', () =>
  describeParcelDatasetContract(
    () => postgres,
    () => sqlite,
  ));

describe('the building-reserve migration', () => {
  const figures = async (
    rows: Promise<{ id: number; utilisation: number | null; reserve: number | null }[]>,
  ) => (await rows).map((r) => [r.id, r.utilisation, r.reserve]);

  it('fills stored SQLite rows with the figures the dataset writer gave them', async () => {
    const read = async () =>
      sqliteDb.prepare('SELECT id, utilisation, reserve FROM parcels ORDER BY id').all() as {
        id: number;
        utilisation: number | null;
        reserve: number | null;
      }[];
    const written = await figures(read());
    expect(written.filter(([, , reserve]) => reserve !== null).length).toBeGreaterThan(10);
    sqliteDb.exec('UPDATE parcels SET utilisation = NULL, reserve = NULL');
    backfillBuildingReserve(sqliteDb);
    expect(await figures(read())).toEqual(written);
  });

  it('fills stored PostgreSQL rows with the same figures, from SQL made of the same rule tables', async () => {
    const connection = await connectPostgres(database.url);
    try {
      const read = () =>
        connection.query<{ id: number; utilisation: number | null; reserve: number | null }>(
          'SELECT id, utilisation, reserve FROM parcels ORDER BY id',
        );
      const written = await figures(read());
      await connection.exec('UPDATE parcels SET utilisation = NULL, reserve = NULL');
      await connection.exec(BUILDING_RESERVE_BACKFILL_SQL);
      expect(await figures(read())).toEqual(written);
      const sqliteFigures = (
        sqliteDb
          .prepare('SELECT utilisation, reserve FROM parcels ORDER BY id')
          .raw(true)
          .all() as unknown[][]
      ).map((row) => row.join());
      expect(written.map(([, utilisation, reserve]) => [utilisation, reserve].join())).toEqual(sqliteFigures);
    } finally {
      await connection.close();
    }
  });
});
