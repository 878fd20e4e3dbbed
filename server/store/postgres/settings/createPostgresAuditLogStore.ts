import { toAuditEntry, type AuditLogRow, type AuditLogStore } from '../../contract/settings/AuditLogStore';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresAuditLogStore(db: PostgresConnection): AuditLogStore {
  return {
    async append(entry) {
      await db.run(
        `INSERT INTO audit_log (at, actor_id, actor_username, action, target_id, target_username, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          entry.at ?? Date.now(),
          entry.actorId,
          entry.actorUsername,
          entry.action,
          entry.targetId,
          entry.targetUsername,
          JSON.stringify(entry.details),
        ],
      );
    },
    async list({ targetId, limit, offset }) {
      const target = targetId ?? null;
      const items = await db.query<AuditLogRow>(
        'SELECT * FROM audit_log WHERE ($1::text IS NULL OR target_id = $1) ORDER BY id DESC LIMIT $2 OFFSET $3',
        [target, limit, offset],
      );
      const total = await db.one<{ n: number }>(
        'SELECT count(*) AS n FROM audit_log WHERE ($1::text IS NULL OR target_id = $1)',
        [target],
      );
      return { items: items.map(toAuditEntry), total: total?.n ?? 0 };
    },
  };
}
