import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { ParcelDownloadRepository } from '../../contract/reports/ParcelDownloadRepository';

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
