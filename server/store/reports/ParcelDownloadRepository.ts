import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** The parcels a user has downloaded a report or export of, per quota period. */
export interface ParcelDownloadRepository {
  /** True when the user already downloaded something of this parcel in the period (so it is free). */
  has(userId: string, periodStart: string, prcId: string): Promise<boolean>;
  /** Records the parcel's first download in the period; false when it was already recorded. */
  record(userId: string, periodStart: string, prcId: string, at: string): Promise<boolean>;
}

export function createParcelDownloadRepository(db: Database): Synchronous<ParcelDownloadRepository> {
  const has = db
    .prepare<[string, string, string], number>(
      'SELECT 1 FROM parcel_downloads WHERE user_id = ? AND period_start = ? AND prc_id = ?',
    )
    .pluck();
  const insert = db.prepare(
    'INSERT OR IGNORE INTO parcel_downloads (user_id, period_start, prc_id, first_at) VALUES (?, ?, ?, ?)',
  );
  return {
    has: (userId, periodStart, prcId) => has.get(userId, periodStart, prcId) !== undefined,
    record: (userId, periodStart, prcId, at) => insert.run(userId, periodStart, prcId, at).changes === 1,
  };
}
