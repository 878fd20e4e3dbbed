import { ensureServerBuilt } from '../../scripts/buildServer.mjs';
import { freePort } from './helpers/freePort';
import { startPostgresCluster, type PostgresCluster } from './helpers/postgresCluster';
import { TEST_POSTGRES_ERROR_ENV, TEST_POSTGRES_URL_ENV } from './helpers/testPostgres';

declare global {
  var parcelAtlasTestPostgres: PostgresCluster | undefined;
}

/**
 * Starts one throwaway PostgreSQL/PostGIS cluster for the server tests (test files make their own
 * databases in it). When it cannot start, the reason is handed on and every PostgreSQL test fails with
 * it; the SQLite tests run regardless. Builds the server that the tests start as processes (dist-server/), once
 * for all workers.
 */
export default async function globalSetup(): Promise<void> {
  await ensureServerBuilt();
  try {
    const cluster = startPostgresCluster(await freePort());
    globalThis.parcelAtlasTestPostgres = cluster;
    process.env[TEST_POSTGRES_URL_ENV] = cluster.url('').replace(/\/$/, '');
  } catch (error) {
    process.env[TEST_POSTGRES_ERROR_ENV] = error instanceof Error ? error.message : String(error);
  }
}
