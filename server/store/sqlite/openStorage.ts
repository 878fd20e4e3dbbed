import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Config } from '../../config';
import { sharedIndexHolder, type SqliteSharedIndexHolder } from '../contract/parcels/SharedFilterIndex';
import type { StatementObserver, Storage } from '../contract/Storage';
import type { Stores } from '../contract/Stores';
import { createSqliteStores } from './createSqliteStores';
import { DATABASE_FILE_NAME, openDatabase } from './openDatabase';
import { sqliteFilterIndexSource } from './parcels/createSqliteParcelRepository';
import { buildSharedIndexOnThread } from './parcels/buildSharedIndexOnThread';
import { buildFileOf, createSqliteStorageHealth } from './sqliteStorageHealth';
import { observeStatements } from './statementTimings/timedStatements';
import { seedPlans } from './subscriptions/seedPlans';

/** The embedded database's file in DATA_DIR. */
export const sqliteFileOf = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, DATABASE_FILE_NAME);

/**
 * The embedded adapter: opens DATA_DIR's SQLite file (every pending migration applied), seeds the plan
 * catalogue, and closes the file on `close`.
 */
export function openStorage(config: Pick<Config, 'dataDir'>): Storage {
  const db = openDatabase(sqliteFileOf(config));
  seedPlans(db);
  return sqliteStorage(db, {
    close: async () => {
      db.close();
    },
  });
}

/**
 * The storage over a SQLite database already open (a test's, a script's): its opener closes it, unless
 * `close` says otherwise. The repositories are built on first use, after `observeStatements` (statements
 * are timed from their preparation on).
 */
export function sqliteStorage(db: Database, { close = async () => {} } = {}): Storage {
  let sharedIndex: SqliteSharedIndexHolder | null = null;
  let stores: Stores | null = null;
  return {
    adapter: 'sqlite',
    get stores() {
      // Without a shared index the repository builds its own (a null from the holder means the same). Its
      // own searches are rare once the workers search (tiles rendered on the event loop): they take the
      // index at hand, or build it there.
      stores ??= createSqliteStores(db, { sharedIndex: () => sharedIndex?.now() ?? null });
      return stores;
    },
    health: createSqliteStorageHealth(db, db.memory ? null : buildFileOf(db.name)),
    location: { sqliteFile: db.name, inMemory: db.memory },
    searchIndex: {
      share: () => {
        // A file's index is built on a thread of its own, so an import or a rebuild never holds the event
        // loop for the seconds the build takes (the whole country: ~10 s).
        sharedIndex ??= sharedIndexHolder(
          sqliteFilterIndexSource(db),
          db.memory ? undefined : () => buildSharedIndexOnThread(db.name),
        );
        return sharedIndex;
      },
    },
    observeStatements: (observer: StatementObserver) => observeStatements(db, observer),
    socketFanOut: null,
    close,
  };
}
