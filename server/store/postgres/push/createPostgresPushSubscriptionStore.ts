import type { PushSubscriptionStore } from '../../contract/push/PushSubscriptionStore';
import { toPushSubscriptionRecord, type PushSubscriptionRow } from '../../contract/push/pushSubscriptionRow';
import type { PostgresConnection } from '../PostgresConnection';
import { toTextArray } from '../textArray';

export function createPostgresPushSubscriptionStore(db: PostgresConnection): PushSubscriptionStore {
  return {
    async save(record) {
      await db.run(
        `INSERT INTO push_subscriptions (endpoint, user_id, session_id, p256dh, auth, device, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, session_id = excluded.session_id,
           p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device, created_at = excluded.created_at`,
        [
          record.endpoint,
          record.userId,
          record.sessionId,
          record.p256dh,
          record.auth,
          record.device,
          record.createdAt,
        ],
      );
    },
    listForUser: async (userId) =>
      (
        await db.query<PushSubscriptionRow>(
          'SELECT * FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, endpoint COLLATE "C"',
          [userId],
        )
      ).map(toPushSubscriptionRecord),
    async findByEndpoint(endpoint) {
      const row = await db.one<PushSubscriptionRow>('SELECT * FROM push_subscriptions WHERE endpoint = $1', [
        endpoint,
      ]);
      return row ? toPushSubscriptionRecord(row) : null;
    },
    async findForUser(userId, endpoint) {
      const row = await db.one<PushSubscriptionRow>(
        'SELECT * FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2',
        [userId, endpoint],
      );
      return row ? toPushSubscriptionRecord(row) : null;
    },
    removeForUser: async (userId, endpoint) =>
      (await db.run('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
        userId,
        endpoint,
      ])) > 0,
    async removeEndpoint(endpoint) {
      await db.run('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    },
    removeForSessions: async (sessionIds) =>
      sessionIds.length === 0
        ? 0
        : await db.run('DELETE FROM push_subscriptions WHERE session_id = ANY($1::text[])', [
            toTextArray(sessionIds),
          ]),
    trimForUser: async (userId, keep) =>
      await db.run(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN (
           SELECT endpoint FROM push_subscriptions WHERE user_id = $1
           ORDER BY created_at DESC, endpoint COLLATE "C" LIMIT $2)`,
        [userId, keep],
      ),
  };
}
