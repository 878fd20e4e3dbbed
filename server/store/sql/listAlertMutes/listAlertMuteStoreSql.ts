import type { ListAlertMuteStore } from '../../contract/listAlertMutes/ListAlertMuteStore';
import { all, run, type SqlRepositoryDefinition } from '../SqlWork';

export const listAlertMuteStoreSql: SqlRepositoryDefinition<ListAlertMuteStore> = () => ({
  *mute(listId, userId, at) {
    yield* run(
      `INSERT INTO parcel_list_alert_mutes (list_id, user_id, muted_at) VALUES (?, ?, ?)
       ON CONFLICT (list_id, user_id) DO NOTHING`,
      listId,
      userId,
      at,
    );
  },
  *unmute(listId, userId) {
    yield* run('DELETE FROM parcel_list_alert_mutes WHERE list_id = ? AND user_id = ?', listId, userId);
  },
  *muted(listId) {
    const rows = yield* all<{ user_id: string }>(
      `SELECT user_id FROM parcel_list_alert_mutes WHERE list_id = ? ORDER BY user_id`,
      listId,
    );
    return rows.map((row) => row.user_id);
  },
});
