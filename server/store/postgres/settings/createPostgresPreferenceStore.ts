import type { Synchronous } from '../../unitOfWork/Synchronous';
import type { PreferenceStore } from '../../settings/PreferenceStore';
import type { PostgresConnection } from '../PostgresConnection';

export function createPostgresPreferenceStore(db: PostgresConnection): Synchronous<PreferenceStore> {
  return {
    get(userId) {
      const row = db.one<{ email_signature: string; avatar_file_id: string | null }>(
        'SELECT email_signature, avatar_file_id FROM preferences WHERE user_id = $1',
        [userId],
      );
      return { emailSignature: row?.email_signature ?? '', avatarFileId: row?.avatar_file_id ?? null };
    },
    setEmailSignature(userId, html) {
      db.run(
        `INSERT INTO preferences (user_id, email_signature, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET email_signature = excluded.email_signature, updated_at = excluded.updated_at`,
        [userId, html, Date.now()],
      );
    },
    setAvatar(userId, fileId) {
      db.run(
        `INSERT INTO preferences (user_id, avatar_file_id, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET avatar_file_id = excluded.avatar_file_id, updated_at = excluded.updated_at`,
        [userId, fileId, Date.now()],
      );
    },
  };
}
