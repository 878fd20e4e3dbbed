import type { ParcelDownloadRepository } from '../../contract/reports/ParcelDownloadRepository';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresParcelDownloadRepository(db: PostgresConnection): ParcelDownloadRepository {
  return {
    has: async (userId, periodStart, prcId) =>
      (await db.one(
        'SELECT 1 FROM parcel_downloads WHERE user_id = $1 AND period_start = $2 AND prc_id = $3',
        [userId, periodStart, prcId],
      )) !== null,
    record: async (userId, periodStart, prcId, at) =>
      (await db.run(
        `INSERT INTO parcel_downloads (user_id, period_start, prc_id, first_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [userId, periodStart, prcId, at],
      )) === 1,
  };
}
