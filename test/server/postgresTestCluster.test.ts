import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import {
  createTestPostgresDatabase,
  TEST_POSTGRES_ERROR_ENV,
  TEST_POSTGRES_URL_ENV,
} from './helpers/testPostgres';

describe('the PostgreSQL test cluster (test/server/globalSetup.ts)', () => {
  it('gives each test file a database with PostGIS, unaccent and pg_trgm', async () => {
    const database = await createTestPostgresDatabase();
    const db = await connectPostgres(database.url);
    try {
      expect((await db.one<{ version: string }>('SELECT postgis_lib_version() AS version'))?.version).toMatch(
        /^3\./,
      );
      expect(await db.one("SELECT unaccent('Zürich Genève') AS plain")).toEqual({ plain: 'Zurich Geneve' });
      expect(await db.one("SELECT similarity('Luzern', 'Lucern') > 0.3 AS close")).toEqual({ close: true });
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it('fails a PostgreSQL test with the reason when the cluster could not start, rather than skipping it', () => {
    const saved = { url: process.env[TEST_POSTGRES_URL_ENV], error: process.env[TEST_POSTGRES_ERROR_ENV] };
    process.env[TEST_POSTGRES_ERROR_ENV] = 'initdb failed (exit 1): could not create directory';
    try {
      expect(() => createTestPostgresDatabase()).toThrow(
        'The PostgreSQL test cluster could not be started: initdb failed (exit 1): could not create directory',
      );
      delete process.env[TEST_POSTGRES_ERROR_ENV];
      delete process.env[TEST_POSTGRES_URL_ENV];
      expect(() => createTestPostgresDatabase()).toThrow(/No PostgreSQL test cluster/);
    } finally {
      for (const [name, value] of [
        [TEST_POSTGRES_URL_ENV, saved.url],
        [TEST_POSTGRES_ERROR_ENV, saved.error],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
