import crypto from 'node:crypto';
import type { SessionStore } from '../../contract/sessions/SessionStore';
import { toSessionRecord, type SessionRow } from '../../contract/sessions/sessionRow';
import type { PostgresConnection } from '../PostgresConnection';

/** Sessions in PostgreSQL: a revocation on one app instance is what every other instance reads. */
export function createPostgresSessionStore(db: PostgresConnection): SessionStore {
  return {
    async create(userId, now) {
      const id = crypto.randomUUID();
      await db.run('INSERT INTO sessions (id, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
        id,
        userId,
        now,
      ]);
      return { id, userId, createdAt: now, lastSeenAt: now, revokedAt: null };
    },
    async find(id) {
      const row = await db.one<SessionRow>('SELECT * FROM sessions WHERE id = $1', [id]);
      return row ? toSessionRecord(row) : null;
    },
    async touch(id, now) {
      await db.run('UPDATE sessions SET last_seen_at = $1 WHERE id = $2', [now, id]);
    },
    revoke: async (id, now) =>
      (await db.run('UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id])) >
      0,
    async purgeEnded(before) {
      await db.run('DELETE FROM sessions WHERE revoked_at < $1 OR last_seen_at < $1', [before]);
    },
    // One statement both revokes and reports: no window in which another instance opens a session between.
    revokeAllForUser: async (userId, now, keep) =>
      (
        await db.query<{ id: string }>(
          `UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND id <> $3
           RETURNING id`,
          [now, userId, keep ?? ''],
        )
      ).map((row) => row.id),
  };
}
