import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { SessionStore } from '../../contract/sessions/SessionStore';
import { toSessionRecord, type SessionRow } from '../../contract/sessions/sessionRow';

export function createSqliteSessionStore(db: Database): Synchronous<SessionStore> {
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO sessions (id, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const touch = db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  const revoke = db.prepare<[number, string]>(
    'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const openOfUser = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND id <> ?',
  );
  const revokeOfUser = db.prepare<[number, string, string]>(
    'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id <> ?',
  );
  const purge = db.prepare<[number, number]>('DELETE FROM sessions WHERE revoked_at < ? OR last_seen_at < ?');
  return {
    purgeEnded(before) {
      purge.run(before, before);
    },
    create(userId, now) {
      const id = crypto.randomUUID();
      insert.run(id, userId, now, now);
      return { id, userId, createdAt: now, lastSeenAt: now, revokedAt: null };
    },
    find(id) {
      const row = byId.get(id);
      return row ? toSessionRecord(row) : null;
    },
    touch(id, now) {
      touch.run(now, id);
    },
    revoke(id, now) {
      return revoke.run(now, id).changes > 0;
    },
    revokeAllForUser: db.transaction((userId: string, now: number, keep?: string) => {
      const ids = openOfUser.all(userId, keep ?? '').map((row) => row.id);
      revokeOfUser.run(now, userId, keep ?? '');
      return ids;
    }),
  };
}
