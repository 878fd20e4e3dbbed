import type { Database } from 'better-sqlite3';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import {
  EXPORT_JOB_COLUMNS,
  toExportJobRecord,
  type ExportJobRow,
  type ExportJobStore,
} from '../../contract/exportJobs/ExportJobStore';

export function createSqliteExportJobStore(db: Database): Synchronous<ExportJobStore> {
  const insert = db.prepare(
    `INSERT INTO export_jobs (id, owner_id, file_name, content_type, parcels, state, created_at, heartbeat_at)
     VALUES (?, ?, ?, ?, ?, 'running', ?, ?)`,
  );
  const byId = db.prepare<[string], ExportJobRow>(
    `SELECT ${EXPORT_JOB_COLUMNS} FROM export_jobs WHERE id = ?`,
  );
  const progress = db.prepare(
    "UPDATE export_jobs SET done = ?, percent = ?, heartbeat_at = ? WHERE id = ? AND state = 'running'",
  );
  const finish = db.prepare(
    `UPDATE export_jobs SET state = 'done', file = ?, done = parcels, percent = 100, heartbeat_at = ?,
     expires_at = ? WHERE id = ? AND state = 'running'`,
  );
  const fail = db.prepare(
    `UPDATE export_jobs SET state = 'failed', error = ?, heartbeat_at = ?, expires_at = ?
     WHERE id = ? AND state = 'running'`,
  );
  const file = db.prepare<[string, string], Buffer>(
    "SELECT file FROM export_jobs WHERE id = ? AND owner_id = ? AND state = 'done'",
  );
  const failSilent = db.prepare<[number, number], ExportJobRow>(
    `UPDATE export_jobs SET state = 'failed', error = 'silent', expires_at = ?
     WHERE state = 'running' AND heartbeat_at < ? RETURNING ${EXPORT_JOB_COLUMNS}`,
  );
  const removeExpired = db.prepare('DELETE FROM export_jobs WHERE expires_at <= ?');
  return {
    create(job) {
      insert.run(job.id, job.ownerId, job.fileName, job.contentType, job.parcels, job.at, job.at);
    },
    find(id) {
      const row = byId.get(id);
      return row ? toExportJobRecord(row) : null;
    },
    progress(id, done, percent, at) {
      progress.run(done, percent, at, id);
    },
    finish: (id, body, at, expiresAt) => finish.run(body, at, expiresAt, id).changes === 1,
    fail: (id, error, at, expiresAt) => fail.run(error, at, expiresAt, id).changes === 1,
    file: (id, ownerId) => file.pluck().get(id, ownerId) ?? null,
    failSilent: (silentSince, expiresAt) => failSilent.all(expiresAt, silentSince).map(toExportJobRecord),
    removeExpired: (at) => removeExpired.run(at).changes,
  };
}
