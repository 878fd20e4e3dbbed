import type { Database } from 'better-sqlite3';
import { buildDatasetAsync } from '../../../server/data/buildDataset';
import { openDatabase } from '../../../server/store/openDatabase';
import { createSqliteStores } from '../../../server/store/Stores';
import {
  openPostgresRepositories,
  type PostgresRepositories,
} from '../../../server/store/postgres/createPostgresStores';
import { connectPostgres } from '../../../server/store/postgres/PostgresConnection';
import { createPostgresDatasetWriter } from '../../../server/store/postgres/parcels/createPostgresDatasetWriter';
import { buildTestDataset, TEST_DATASET_OPTIONS } from '../helpers/buildTestDataset';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../helpers/testPostgres';
import { describeParcelDatasetContract, type DatasetStores } from './describeParcelDatasetContract';

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
