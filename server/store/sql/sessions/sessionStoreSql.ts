import crypto from 'node:crypto';
import type { SessionStore } from '../../contract/sessions/SessionStore';
import { toSessionRecord, type SessionRow } from '../../contract/sessions/sessionRow';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** Sign-in sessions: a revocation is what every later request (and every other instance) reads. */
export const sessionStoreSql: SqlRepositoryDefinition<SessionStore> = () => ({
  *create(userId, now) {
    const id = crypto.randomUUID();
    yield* run(
      'INSERT INTO sessions (id, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
      id,
      userId,
      now,
      now,
    );
    return { id, userId, createdAt: now, lastSeenAt: now, revokedAt: null };
  },
  *find(id) {
    const row = yield* one<SessionRow>('SELECT * FROM sessions WHERE id = ?', id);
    return row ? toSessionRecord(row) : null;
  },
  *touch(id, now) {
    yield* run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', now, id);
  },
  *revoke(id, now) {
    return (
      (yield* run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', now, id)) > 0
    );
  },
  *purgeEnded(before) {
    yield* run('DELETE FROM sessions WHERE revoked_at < ? OR last_seen_at < ?', before, before);
  },
  // One statement both revokes and reports: no window in which another session opens between the two.
  *revokeAllForUser(userId, now, keep) {
    const rows = yield* all<{ id: string }>(
      `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id <> ?
       RETURNING id`,
      now,
      userId,
      keep ?? '',
    );
    return rows.map((row) => row.id);
  },
});
