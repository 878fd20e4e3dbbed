import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { AuditEntry } from '../../../src/contract/Settings';

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'> & { at?: number };

/** The audit log (migration 40): append-only, newest first when read. */
export interface AuditLogStore {
  append(entry: NewAuditEntry): Promise<void>;
  /** The newest entries first, optionally only those about one account. */
  list(options: {
    targetId?: string;
    limit: number;
    offset: number;
  }): Promise<{ items: AuditEntry[]; total: number }>;
}

/** An `audit_log` row as both adapters read it (details as JSON text). */
export interface AuditLogRow {
  id: number;
  at: number;
  actor_id: string | null;
  actor_username: string;
  action: string;
  target_id: string | null;
  target_username: string | null;
  details: string;
}

export const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actorId: row.actor_id,
  actorUsername: row.actor_username,
  action: row.action as AuditEntry['action'],
  targetId: row.target_id,
  targetUsername: row.target_username,
  details: JSON.parse(row.details) as Record<string, unknown>,
});

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
