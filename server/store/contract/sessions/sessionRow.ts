import type { SessionRecord } from './SessionStore';

/** A `sessions` row as both adapters read it. */
export interface SessionRow {
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

export const toSessionRecord = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  revokedAt: row.revoked_at,
});
