import type { PostgresConnection } from '../PostgresConnection';
import {
  EXPORT_JOB_COLUMNS,
  toExportJobRecord,
  type ExportJobRow,
  type ExportJobStore,
} from '../../contract/exportJobs/ExportJobStore';

export function createPostgresExportJobStore(db: PostgresConnection): ExportJobStore {
  return {
    async create(job) {
      await db.run(
        `INSERT INTO export_jobs (id, owner_id, file_name, content_type, parcels, state, created_at, heartbeat_at)
         VALUES ($1, $2, $3, $4, $5, 'running', $6, $6)`,
        [job.id, job.ownerId, job.fileName, job.contentType, job.parcels, job.at],
      );
    },
    async find(id) {
      const row = await db.one<ExportJobRow>(`SELECT ${EXPORT_JOB_COLUMNS} FROM export_jobs WHERE id = $1`, [
        id,
      ]);
      return row ? toExportJobRecord(row) : null;
    },
    async progress(id, done, percent, at) {
      await db.run(
        "UPDATE export_jobs SET done = $1, percent = $2, heartbeat_at = $3 WHERE id = $4 AND state = 'running'",
        [done, percent, at, id],
      );
    },
    async finish(id, body, at, expiresAt) {
      const finished = await db.run(
        `UPDATE export_jobs SET state = 'done', file = $1, done = parcels, percent = 100, heartbeat_at = $2,
         expires_at = $3 WHERE id = $4 AND state = 'running'`,
        [body, at, expiresAt, id],
      );
      return finished === 1;
    },
    async fail(id, error, at, expiresAt) {
      const failed = await db.run(
        `UPDATE export_jobs SET state = 'failed', error = $1, heartbeat_at = $2, expires_at = $3
         WHERE id = $4 AND state = 'running'`,
        [error, at, expiresAt, id],
      );
      return failed === 1;
    },
    async file(id, ownerId) {
      const row = await db.one<{ file: Buffer }>(
        "SELECT file FROM export_jobs WHERE id = $1 AND owner_id = $2 AND state = 'done'",
        [id, ownerId],
      );
      return row?.file ?? null;
    },
    async failSilent(silentSince, expiresAt) {
      const rows = await db.query<ExportJobRow>(
        `UPDATE export_jobs SET state = 'failed', error = 'silent', expires_at = $1
         WHERE state = 'running' AND heartbeat_at < $2 RETURNING ${EXPORT_JOB_COLUMNS}`,
        [expiresAt, silentSince],
      );
      return rows.map(toExportJobRecord);
    },
    removeExpired: (at) => db.run('DELETE FROM export_jobs WHERE expires_at <= $1', [at]),
  };
}
