import { type PreferenceStore, toPreferenceRecord } from '../../contract/settings/PreferenceStore';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

type PreferenceRow = { email_signature: string; avatar_file_id: string | null; time_zone: string };

/** One column of a user's preferences, the row made on first use. */
const upsert = (column: string) =>
  `INSERT INTO preferences (user_id, ${column}, updated_at) VALUES (?, ?, ?)
   ON CONFLICT (user_id) DO UPDATE SET ${column} = excluded.${column}, updated_at = excluded.updated_at`;

export const preferenceStoreSql: SqlRepositoryDefinition<PreferenceStore> = () => ({
  *get(userId) {
    return toPreferenceRecord(
      yield* one<PreferenceRow>(
        'SELECT email_signature, avatar_file_id, time_zone FROM preferences WHERE user_id = ?',
        userId,
      ),
    );
  },
  *setEmailSignature(userId, html) {
    yield* run(upsert('email_signature'), userId, html, Date.now());
  },
  *setAvatar(userId, fileId) {
    yield* run(upsert('avatar_file_id'), userId, fileId, Date.now());
  },
  *setTimeZone(userId, timeZone) {
    yield* run(upsert('time_zone'), userId, timeZone, Date.now());
  },
});
