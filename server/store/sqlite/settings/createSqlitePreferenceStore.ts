import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import { type PreferenceStore, toPreferenceRecord } from '../../contract/settings/PreferenceStore';

export function createSqlitePreferenceStore(db: Database): Synchronous<PreferenceStore> {
  const select = db.prepare<
    [string],
    { email_signature: string; avatar_file_id: string | null; time_zone: string }
  >('SELECT email_signature, avatar_file_id, time_zone FROM preferences WHERE user_id = ?');
  const signature = db.prepare<[string, string, number]>(
    `INSERT INTO preferences (user_id, email_signature, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET email_signature = excluded.email_signature, updated_at = excluded.updated_at`,
  );
  const avatar = db.prepare<[string, string | null, number]>(
    `INSERT INTO preferences (user_id, avatar_file_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET avatar_file_id = excluded.avatar_file_id, updated_at = excluded.updated_at`,
  );
  const timeZone = db.prepare<[string, string, number]>(
    `INSERT INTO preferences (user_id, time_zone, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, updated_at = excluded.updated_at`,
  );
  return {
    get: (userId) => toPreferenceRecord(select.get(userId)),
    setEmailSignature: (userId, html) => void signature.run(userId, html, Date.now()),
    setAvatar: (userId, fileId) => void avatar.run(userId, fileId, Date.now()),
    setTimeZone: (userId, zone) => void timeZone.run(userId, zone, Date.now()),
  };
}
