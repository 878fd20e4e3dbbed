import type { Database } from 'better-sqlite3';
import { createSqliteParcelRepository } from './parcels/createSqliteParcelRepository';
import type { ParcelRepositoryOptions } from '../contract/parcels/ParcelRepository';
import { createSqliteLayerRepository } from './layers/createSqliteLayerRepository';
import { createPriceLevelRepository } from './reports/createPriceLevelRepository';
import { createSqliteAccountDirectory } from './settings/createSqliteAccountDirectory';
import { serialiseUnits, sqlTransactions, type SerialisedUnits } from './unitOfWork/serialiseUnits';
import { createSqliteUserStore } from './users/createSqliteUserStore';
import type { Stores, SynchronousRepositories } from '../contract/Stores';
import { buildSharedRepositories, type SharedRepositoryName } from '../sql/sharedRepositories';
import { sqliteSqlRepository } from './sql/sqliteSqlRepository';

/**
 * Builds every SQLite repository once over one open database (prepared statements are made here), behind
 * a serialising unit of work (ADR 022). `parcelOptions`: e.g. the search index the main thread shares
 * with the search workers (ADR 038).
 */
export function createSqliteStores(db: Database, parcelOptions: ParcelRepositoryOptions = {}): Stores {
  return serialiseRepositories(createSynchronousSqliteRepositories(db, parcelOptions), unitsOf(db));
}

/**
 * One serialising queue per connection, however many sets of repositories are built over it (a test or a
 * script may build its own beside the app's): two queues on one connection would interleave their units.
 */
const connectionUnits = new WeakMap<Database, SerialisedUnits>();

function unitsOf(db: Database): SerialisedUnits {
  let units = connectionUnits.get(db);
  if (!units) {
    units = serialiseUnits(sqlTransactions((sql) => db.exec(sql)));
    connectionUnits.set(db, units);
  }
  return units;
}

/** The asynchronous port of repositories that share one synchronous connection and its units of work. */
export function serialiseRepositories(repositories: SynchronousRepositories, units: SerialisedUnits): Stores {
  const port = Object.fromEntries(
    Object.entries(repositories).map(([name, repository]) => [name, units.asynchronous<object>(repository)]),
  ) as Omit<Stores, 'unitOfWork'>;
  return { ...port, unitOfWork: units.unitOfWork };
}

function createSynchronousSqliteRepositories(
  db: Database,
  parcelOptions: ParcelRepositoryOptions,
): SynchronousRepositories {
  return {
    ...buildSharedRepositories<Pick<SynchronousRepositories, SharedRepositoryName>>((definition) =>
      sqliteSqlRepository(db, definition),
    ),
    users: createSqliteUserStore(db),
    parcels: createSqliteParcelRepository(db, parcelOptions),
    layers: createSqliteLayerRepository(db),
    priceLevels: createPriceLevelRepository(db),
    accountDirectory: createSqliteAccountDirectory(db),
  };
}
