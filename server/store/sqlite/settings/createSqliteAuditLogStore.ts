import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import { type AuditLogStore, type AuditLogRow, toAuditEntry } from '../../contract/settings/AuditLogStore';

export function createSqliteAuditLogStore(db: Database): Synchronous<AuditLogStore> {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, actor_id, actor_username, action, target_id, target_username, details)
     VALUES (@at, @actorId, @actorUsername, @action, @targetId, @targetUsername, @details)`,
  );
  const page = db.prepare<[string | null, string | null, number, number], AuditLogRow>(
    `SELECT * FROM audit_log WHERE (? IS NULL OR target_id = ?) ORDER BY id DESC LIMIT ? OFFSET ?`,
  );
  const count = db.prepare<[string | null, string | null], { n: number }>(
    'SELECT count(*) AS n FROM audit_log WHERE (? IS NULL OR target_id = ?)',
  );
  return {
    append(entry) {
      insert.run({
        at: entry.at ?? Date.now(),
        actorId: entry.actorId,
        actorUsername: entry.actorUsername,
        action: entry.action,
        targetId: entry.targetId,
        targetUsername: entry.targetUsername,
        details: JSON.stringify(entry.details),
      });
    },
    list({ targetId, limit, offset }) {
      const target = targetId ?? null;
      return {
        items: page.all(target, target, limit, offset).map(toAuditEntry),
        total: count.get(target, target)?.n ?? 0,
      };
    },
  };
}
