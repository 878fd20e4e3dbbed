import type { Stores } from '../contract/Stores';
import { buildSharedRepositories, type SharedRepositoryName } from '../sql/sharedRepositories';
import { postgresDialect, postgresSqlRepository, runPostgresWork } from './sql/postgresSqlRepository';
import { seedPlanCatalogue } from '../sql/subscriptions/planRepositorySql';
import { connectPostgres, type PostgresConnection, type PostgresOptions } from './PostgresConnection';
import { postgresMigrations } from './migrations';
import { createPostgresStorageHealth } from './postgresStorageHealth';
import type { StorageHealth } from '../contract/StorageHealth';
import type { SharedIndexHolder } from '../contract/parcels/SharedFilterIndex';
import { migratePostgres } from './migrations/migratePostgres';
import { createPostgresUserStore } from './users/createPostgresUserStore';
import { createPostgresAccountDirectory } from './settings/createPostgresAccountDirectory';
import { createPostgresParcelRepository } from './parcels/createPostgresParcelRepository';
import { createPostgresLayerRepository } from './layers/createPostgresLayerRepository';
import { createPostgresPriceLevelRepository } from './reports/createPostgresPriceLevels';

/**
 * Every repository of `Stores` not written once for both adapters (`sharedRepositories`), each built over
 * the one pool (the compiler checks none is missing); the parcels' is built beside them, since the storage
 * also hands out its shared search index.
 */
const postgresRepositories = {
  users: createPostgresUserStore,
  layers: createPostgresLayerRepository,
  priceLevels: createPostgresPriceLevelRepository,
  accountDirectory: createPostgresAccountDirectory,
} satisfies {
  [Name in Exclude<keyof Stores, 'unitOfWork' | 'parcels' | SharedRepositoryName>]: (
    db: PostgresConnection,
  ) => Stores[Name];
};

/**
 * The PostgreSQL repositories, their unit of work, their health, the parcels' search index for the search
 * workers (Storage.searchIndex, ADR 063) and the pool's end.
 */
export type PostgresRepositories = Stores & {
  health: StorageHealth;
  searchIndex: { share(): SharedIndexHolder };
  close(): Promise<void>;
};

/**
 * Connects (node-postgres' pool, ADR 024), applies the pending PostgreSQL migrations, seeds the plan
 * catalogue and builds every repository. The unit of work is the pool's: one pooled connection from
 * BEGIN to COMMIT. The composition root and the contract tests use it.
 */
export async function openPostgresRepositories(
  url: string,
  options: PostgresOptions = {},
): Promise<PostgresRepositories> {
  const db = await connectPostgres(url, options);
  try {
    await migratePostgres(db, postgresMigrations);
    await runPostgresWork(db, seedPlanCatalogue(postgresDialect));
  } catch (error) {
    await db.close();
    throw error;
  }
  const parcels = createPostgresParcelRepository(db);
  const built = {
    ...buildSharedRepositories<Pick<Stores, SharedRepositoryName>>((definition) =>
      postgresSqlRepository(db, definition),
    ),
    ...Object.fromEntries(Object.entries(postgresRepositories).map(([name, create]) => [name, create(db)])),
  } as Omit<Stores, 'unitOfWork' | 'parcels'>;
  return {
    ...built,
    parcels,
    unitOfWork: db.transaction,
    health: createPostgresStorageHealth(db),
    searchIndex: { share: () => parcels.shareSearchIndex() },
    close: db.close,
  };
}
