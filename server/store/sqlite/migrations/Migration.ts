import type { Database } from 'better-sqlite3';

/** One versioned schema step. Versions are unique and applied in ascending order, each in a transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
