/** A pool's connections: open ones, idle ones, callers waiting for one, and the most it opens. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * What readiness and the metrics ask of the storage adapter, beside the repositories: whether the schema is
 * current, whether the dataset is being (re)built, and how the connection pool is used.
 */
export interface StorageHealth {
  /**
   * Migrations this code knows that the database has not applied (empty: current). Fails when the
   * database cannot be reached, which is how readiness finds out.
   */
  pendingMigrations(): Promise<number[]>;
  /** Whether a dataset build is writing right now (`npm run dataset`, another instance's first start). */
  datasetBuilding(): Promise<boolean>;
  /** The PostgreSQL pool's connections; null on SQLite (one embedded connection). */
  poolUse(): PoolUse | null;
}

/** The versions of `known` missing from `applied`, in order. */
export function missingVersions(known: readonly number[], applied: readonly number[]): number[] {
  const done = new Set(applied);
  return known.filter((version) => !done.has(version)).sort((a, b) => a - b);
}
