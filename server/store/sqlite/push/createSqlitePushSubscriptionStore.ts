import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { PushSubscriptionStore } from '../../contract/push/PushSubscriptionStore';
import { toPushSubscriptionRecord, type PushSubscriptionRow } from '../../contract/push/pushSubscriptionRow';

export function createSqlitePushSubscriptionStore(db: Database): Synchronous<PushSubscriptionStore> {
  const upsert = db.prepare<[string, string, string | null, string, string, string, number]>(
    `INSERT INTO push_subscriptions (endpoint, user_id, session_id, p256dh, auth, device, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, session_id = excluded.session_id,
       p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device, created_at = excluded.created_at`,
  );
  const ofUser = db.prepare<[string], PushSubscriptionRow>(
    'SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, endpoint',
  );
  const oneOfUser = db.prepare<[string, string], PushSubscriptionRow>(
    'SELECT * FROM push_subscriptions WHERE user_id = ? AND endpoint = ?',
  );
  const byEndpoint = db.prepare<[string], PushSubscriptionRow>(
    'SELECT * FROM push_subscriptions WHERE endpoint = ?',
  );
  const removeOfUser = db.prepare<[string, string]>(
    'DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?',
  );
  const removeEndpoint = db.prepare<[string]>('DELETE FROM push_subscriptions WHERE endpoint = ?');
  // One JSON parameter, so the statement text does not depend on how many sessions were revoked.
  const removeOfSessions = db.prepare<[string]>(
    'DELETE FROM push_subscriptions WHERE session_id IN (SELECT value FROM json_each(?))',
  );
  const trim = db.prepare<[string, string, number]>(
    `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint NOT IN (
       SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, endpoint LIMIT ?)`,
  );
  return {
    findByEndpoint(endpoint) {
      const row = byEndpoint.get(endpoint);
      return row ? toPushSubscriptionRecord(row) : null;
    },
    save(record) {
      upsert.run(
        record.endpoint,
        record.userId,
        record.sessionId,
        record.p256dh,
        record.auth,
        record.device,
        record.createdAt,
      );
    },
    listForUser: (userId) => ofUser.all(userId).map(toPushSubscriptionRecord),
    findForUser(userId, endpoint) {
      const row = oneOfUser.get(userId, endpoint);
      return row ? toPushSubscriptionRecord(row) : null;
    },
    removeForUser: (userId, endpoint) => removeOfUser.run(userId, endpoint).changes > 0,
    removeEndpoint(endpoint) {
      removeEndpoint.run(endpoint);
    },
    removeForSessions: (sessionIds) =>
      sessionIds.length === 0 ? 0 : removeOfSessions.run(JSON.stringify(sessionIds)).changes,
    trimForUser: (userId, keep) => trim.run(userId, userId, keep).changes,
  };
}
