import { toPreferenceRecord, type PreferenceStore } from '../../contract/settings/PreferenceStore';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresPreferenceStore(db: PostgresConnection): PreferenceStore {
  return {
    async get(userId) {
      return toPreferenceRecord(
        await db.one<{ email_signature: string; avatar_file_id: string | null; time_zone: string }>(
          'SELECT email_signature, avatar_file_id, time_zone FROM preferences WHERE user_id = $1',
          [userId],
        ),
      );
    },
    async setEmailSignature(userId, html) {
      await db.run(
        `INSERT INTO preferences (user_id, email_signature, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET email_signature = excluded.email_signature, updated_at = excluded.updated_at`,
        [userId, html, Date.now()],
      );
    },
    async setAvatar(userId, fileId) {
      await db.run(
        `INSERT INTO preferences (user_id, avatar_file_id, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET avatar_file_id = excluded.avatar_file_id, updated_at = excluded.updated_at`,
        [userId, fileId, Date.now()],
      );
    },
    async setTimeZone(userId, timeZone) {
      await db.run(
        `INSERT INTO preferences (user_id, time_zone, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, updated_at = excluded.updated_at`,
        [userId, timeZone, Date.now()],
      );
    },
  };
}
