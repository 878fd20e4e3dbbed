import type { AuditEntry } from '../../../../src/contract/Settings';

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
