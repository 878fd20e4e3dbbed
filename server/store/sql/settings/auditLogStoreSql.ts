import { toAuditEntry, type AuditLogRow, type AuditLogStore } from '../../contract/settings/AuditLogStore';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** Entries about one account, or every entry when the target (given twice) is null. */
const OF_TARGET = '(CAST(? AS TEXT) IS NULL OR target_id = ?)';

export const auditLogStoreSql: SqlRepositoryDefinition<AuditLogStore> = () => ({
  *append(entry) {
    yield* run(
      `INSERT INTO audit_log (at, actor_id, actor_username, action, target_id, target_username, details)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      entry.at ?? Date.now(),
      entry.actorId,
      entry.actorUsername,
      entry.action,
      entry.targetId,
      entry.targetUsername,
      JSON.stringify(entry.details),
    );
  },
  *list({ targetId, limit, offset }) {
    const target = targetId ?? null;
    const items = yield* all<AuditLogRow>(
      `SELECT * FROM audit_log WHERE ${OF_TARGET} ORDER BY id DESC LIMIT ? OFFSET ?`,
      target,
      target,
      limit,
      offset,
    );
    const total = yield* one<{ n: number }>(
      `SELECT count(*) AS n FROM audit_log WHERE ${OF_TARGET}`,
      target,
      target,
    );
    return { items: items.map(toAuditEntry), total: total?.n ?? 0 };
  },
});
