import type { PushSubscriptionStore } from '../../contract/push/PushSubscriptionStore';
import { toPushSubscriptionRecord, type PushSubscriptionRow } from '../../contract/push/pushSubscriptionRow';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

export const pushSubscriptionStoreSql: SqlRepositoryDefinition<PushSubscriptionStore> = (dialect) => ({
  *save(record) {
    yield* run(
      `INSERT INTO push_subscriptions (endpoint, user_id, session_id, p256dh, auth, device, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, session_id = excluded.session_id,
         p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device, created_at = excluded.created_at`,
      record.endpoint,
      record.userId,
      record.sessionId,
      record.p256dh,
      record.auth,
      record.device,
      record.createdAt,
    );
  },
  *listForUser(userId) {
    const rows = yield* all<PushSubscriptionRow>(
      `SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, endpoint${dialect.byCodePoint}`,
      userId,
    );
    return rows.map(toPushSubscriptionRecord);
  },
  *findByEndpoint(endpoint) {
    const row = yield* one<PushSubscriptionRow>(
      'SELECT * FROM push_subscriptions WHERE endpoint = ?',
      endpoint,
    );
    return row ? toPushSubscriptionRecord(row) : null;
  },
  *findForUser(userId, endpoint) {
    const row = yield* one<PushSubscriptionRow>(
      'SELECT * FROM push_subscriptions WHERE user_id = ? AND endpoint = ?',
      userId,
      endpoint,
    );
    return row ? toPushSubscriptionRecord(row) : null;
  },
  *removeForUser(userId, endpoint) {
    return (
      (yield* run('DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?', userId, endpoint)) > 0
    );
  },
  *removeEndpoint(endpoint) {
    yield* run('DELETE FROM push_subscriptions WHERE endpoint = ?', endpoint);
  },
  // One parameter, so the statement text does not depend on how many sessions were revoked.
  *removeForSessions(sessionIds) {
    if (sessionIds.length === 0) return 0;
    return yield* run(
      `DELETE FROM push_subscriptions WHERE session_id IN ${dialect.textSet}`,
      dialect.textSetValue(sessionIds),
    );
  },
  *trimForUser(userId, keep) {
    return yield* run(
      `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint NOT IN (
         SELECT endpoint FROM push_subscriptions WHERE user_id = ?
         ORDER BY created_at DESC, endpoint${dialect.byCodePoint} LIMIT ?)`,
      userId,
      userId,
      keep,
    );
  },
});
