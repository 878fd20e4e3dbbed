import crypto from 'node:crypto';
import { connectPostgres, type PostgresConnection } from '../../../server/store/postgres/PostgresConnection';

/** Set by test/server/globalSetup.ts: the test cluster's URL without a database name, or why it did not start. */
export const TEST_POSTGRES_URL_ENV = 'PARCEL_ATLAS_TEST_POSTGRES';
export const TEST_POSTGRES_ERROR_ENV = 'PARCEL_ATLAS_TEST_POSTGRES_ERROR';

/** The URL of the jest run's PostgreSQL cluster (no database); throws why there is none. */
export function testPostgresServer(): string {
  const failure = process.env[TEST_POSTGRES_ERROR_ENV];
  if (failure) throw new Error(`The PostgreSQL test cluster could not be started: ${failure}`);
  const server = process.env[TEST_POSTGRES_URL_ENV];
  if (!server) {
    throw new Error(
      `No PostgreSQL test cluster (${TEST_POSTGRES_URL_ENV} is unset): run the server tests through jest's server project`,
    );
  }
  return server;
}

async function withConnection<T>(url: string, work: (db: PostgresConnection) => Promise<T>): Promise<T> {
  const db = await connectPostgres(url, { poolSize: 1 });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A new empty database (with PostGIS, unaccent and pg_trgm from template1) for one test file. */
export interface TestPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Throws at once (not in the promise) when the jest run has no cluster. */
export function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  const server = testPostgresServer();
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = `${server}/postgres`;
  return withConnection(admin, (db) => db.exec(`CREATE DATABASE ${name}`)).then(() => ({
    url: `${server}/${name}`,
    drop: () => withConnection(admin, (db) => db.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  }));
}

/**
 * Empties every table of the database but the reference data a fresh database starts with: the migration
 * bookkeeping, PostGIS's spatial reference systems and the seeded plan catalogue.
 */
export function emptyTestPostgresTables(url: string): Promise<void> {
  return withConnection(url, async (db) => {
    const tables = (
      await db.query<{ name: string }>(
        `SELECT quote_ident(tablename) AS name FROM pg_tables
         WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'spatial_ref_sys', 'plans')`,
      )
    ).map((row) => row.name);
    if (tables.length > 0) await db.exec(`TRUNCATE ${tables.join(', ')} CASCADE`);
  });
}

/**
 * The small demo dataset the tests with real app processes on PostgreSQL build (three Zug municipalities,
 * Baar among them, 600 parcels each, seed 7): enough to search, count views and import over, built in seconds.
 */
export const SMALL_ZUG_DATASET = {
  cantons: ['ZG'],
  seed: 7,
  maxMunicipalities: 3,
  maxParcelsPerMunicipality: 600,
};
