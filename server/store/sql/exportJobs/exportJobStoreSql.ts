import {
  EXPORT_JOB_COLUMNS,
  toExportJobRecord,
  type ExportJobRow,
  type ExportJobStore,
} from '../../contract/exportJobs/ExportJobStore';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

export const exportJobStoreSql: SqlRepositoryDefinition<ExportJobStore> = () => ({
  *create(job) {
    yield* run(
      `INSERT INTO export_jobs (id, owner_id, file_name, content_type, parcels, state, created_at, heartbeat_at)
       VALUES (?, ?, ?, ?, ?, 'running', ?, ?)`,
      job.id,
      job.ownerId,
      job.fileName,
      job.contentType,
      job.parcels,
      job.at,
      job.at,
    );
  },
  *find(id) {
    const row = yield* one<ExportJobRow>(`SELECT ${EXPORT_JOB_COLUMNS} FROM export_jobs WHERE id = ?`, id);
    return row ? toExportJobRecord(row) : null;
  },
  *progress(id, done, percent, at) {
    yield* run(
      "UPDATE export_jobs SET done = ?, percent = ?, heartbeat_at = ? WHERE id = ? AND state = 'running'",
      done,
      percent,
      at,
      id,
    );
  },
  *finish(id, body, at, expiresAt) {
    const finished = yield* run(
      `UPDATE export_jobs SET state = 'done', file = ?, done = parcels, percent = 100, heartbeat_at = ?,
       expires_at = ? WHERE id = ? AND state = 'running'`,
      body,
      at,
      expiresAt,
      id,
    );
    return finished === 1;
  },
  *fail(id, error, at, expiresAt) {
    const failed = yield* run(
      `UPDATE export_jobs SET state = 'failed', error = ?, heartbeat_at = ?, expires_at = ?
       WHERE id = ? AND state = 'running'`,
      error,
      at,
      expiresAt,
      id,
    );
    return failed === 1;
  },
  *file(id, ownerId) {
    const row = yield* one<{ file: Buffer }>(
      "SELECT file FROM export_jobs WHERE id = ? AND owner_id = ? AND state = 'done'",
      id,
      ownerId,
    );
    return row?.file ?? null;
  },
  *failSilent(silentSince, expiresAt) {
    const rows = yield* all<ExportJobRow>(
      `UPDATE export_jobs SET state = 'failed', error = 'silent', expires_at = ?
       WHERE state = 'running' AND heartbeat_at < ? RETURNING ${EXPORT_JOB_COLUMNS}`,
      expiresAt,
      silentSince,
    );
    return rows.map(toExportJobRecord);
  },
  *removeExpired(at) {
    return yield* run('DELETE FROM export_jobs WHERE expires_at <= ?', at);
  },
});
