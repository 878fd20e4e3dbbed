import type { PostgresConnection } from '../PostgresConnection';
import type { ListAlertMuteStore } from '../../contract/listAlertMutes/ListAlertMuteStore';

export function createPostgresListAlertMuteStore(db: PostgresConnection): ListAlertMuteStore {
  return {
    async mute(listId, userId, at) {
      await db.run(
        `INSERT INTO parcel_list_alert_mutes (list_id, user_id, muted_at) VALUES ($1, $2, $3)
         ON CONFLICT (list_id, user_id) DO NOTHING`,
        [listId, userId, at],
      );
    },
    async unmute(listId, userId) {
      await db.run('DELETE FROM parcel_list_alert_mutes WHERE list_id = $1 AND user_id = $2', [
        listId,
        userId,
      ]);
    },
    muted: async (listId) =>
      (
        await db.query<{ user_id: string }>(
          'SELECT user_id FROM parcel_list_alert_mutes WHERE list_id = $1 ORDER BY user_id',
          [listId],
        )
      ).map((row) => row.user_id),
  };
}
