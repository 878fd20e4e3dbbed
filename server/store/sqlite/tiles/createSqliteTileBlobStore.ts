import type { Database } from 'better-sqlite3';
import type { TileBlobStore } from '../../contract/tiles/TileBlobStore';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import { tileBlobStoreSql } from '../../sql/tiles/tileBlobStoreSql';
import { sqliteSqlRepository } from '../sql/sqliteSqlRepository';

/** The shared tile cache over one connection, outside the app's stores (the benchmark). */
export const createSqliteTileBlobStore = (db: Database): Synchronous<TileBlobStore> =>
  sqliteSqlRepository(db, tileBlobStoreSql);
