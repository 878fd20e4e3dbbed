import type { ParcelDownloadRepository } from '../../contract/reports/ParcelDownloadRepository';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

export const parcelDownloadRepositorySql: SqlRepositoryDefinition<ParcelDownloadRepository> = () => ({
  *has(userId, periodStart, prcId) {
    const row = yield* one(
      'SELECT 1 FROM parcel_downloads WHERE user_id = ? AND period_start = ? AND prc_id = ?',
      userId,
      periodStart,
      prcId,
    );
    return row !== null;
  },
  // Only the request that inserted the row counts the download (ADR 022).
  *record(userId, periodStart, prcId, at) {
    const inserted = yield* run(
      `INSERT INTO parcel_downloads (user_id, period_start, prc_id, first_at) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
      userId,
      periodStart,
      prcId,
      at,
    );
    return inserted === 1;
  },
});
