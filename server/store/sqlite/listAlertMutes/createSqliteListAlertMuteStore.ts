import type { Database } from 'better-sqlite3';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { ListAlertMuteStore } from '../../contract/listAlertMutes/ListAlertMuteStore';

export function createSqliteListAlertMuteStore(db: Database): Synchronous<ListAlertMuteStore> {
  const mute = db.prepare(
    `INSERT INTO parcel_list_alert_mutes (list_id, user_id, muted_at) VALUES (?, ?, ?)
     ON CONFLICT (list_id, user_id) DO NOTHING`,
  );
  const unmute = db.prepare('DELETE FROM parcel_list_alert_mutes WHERE list_id = ? AND user_id = ?');
  const muted = db.prepare<[string], string>(
    'SELECT user_id FROM parcel_list_alert_mutes WHERE list_id = ? ORDER BY user_id',
  );
  return {
    mute(listId, userId, at) {
      mute.run(listId, userId, at);
    },
    unmute(listId, userId) {
      unmute.run(listId, userId);
    },
    muted: (listId) => muted.pluck().all(listId),
  };
}
