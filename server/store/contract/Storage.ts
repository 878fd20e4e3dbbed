import type { Server } from 'socket.io';
import type { Stores } from './Stores';
import type { StorageHealth } from './StorageHealth';
import type { SharedIndexHolder } from './parcels/SharedFilterIndex';

/** Receives each statement's label (statementLabel) and gives what takes its duration in seconds. */
export type StatementObserver = (label: string) => (seconds: number) => void;

/**
 * Where the data lives, for the worker threads that open their own connection to it (tile rendering,
 * searches, cadastre imports): the SQLite file (`inMemory`: a test's database no thread can open) or the
 * PostgreSQL URL.
 */
export type StorageLocation = { sqliteFile: string; inMemory: boolean } | { databaseUrl: string };

/**
 * Everything the app needs from its storage, whichever adapter made it (`server/store/sqlite/openStorage.ts`
 * or `server/store/postgres/openStorage.ts`, chosen once in `server/openConfiguredStorage.ts`). The app,
 * the composition root and the scripts take a `Storage`, never a driver handle.
 */
export interface Storage {
  readonly adapter: 'sqlite' | 'postgres';
  /** Every repository and the unit of work that spans them. */
  readonly stores: Stores;
  /** Pending migrations, a dataset build under way, the pool's use (readiness and metrics). */
  readonly health: StorageHealth;
  readonly location: StorageLocation;
  /**
   * The search's filter index in shared memory, for the search worker threads (ADR 038, 063). `share` turns
   * it on: from then on the main thread's parcel repository reads the same index the holder hands out
   * (built once per dataset version, on SQLite from the file, on PostgreSQL from its filter columns).
   */
  readonly searchIndex?: { share(): SharedIndexHolder };
  /** Sets where every statement's duration goes (the metrics); statements run untimed until then. */
  observeStatements(observer: StatementObserver): void;
  /**
   * Fans the socket server's broadcasts out to every instance on the same database (PostgreSQL); null
   * where one process holds every socket (SQLite). Gives the close.
   */
  readonly socketFanOut: ((io: Server, onError: (error: Error) => void) => () => Promise<void>) | null;
  /** Ends the pool or closes the database this storage opened (one it was handed stays open). */
  close(): Promise<void>;
}
