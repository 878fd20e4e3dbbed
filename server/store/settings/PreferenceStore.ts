import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** One account's preferences (spec §3: emailSignature) plus the avatar upload. */
export interface PreferenceRecord {
  emailSignature: string;
  avatarFileId: string | null;
}

export interface PreferenceStore {
  /** The stored preferences, or the defaults (empty signature, no avatar). */
  get(userId: string): Promise<PreferenceRecord>;
  setEmailSignature(userId: string, html: string): Promise<void>;
  setAvatar(userId: string, fileId: string | null): Promise<void>;
}

export function createSqlitePreferenceStore(db: Database): Synchronous<PreferenceStore> {
  const select = db.prepare<[string], { email_signature: string; avatar_file_id: string | null }>(
    'SELECT email_signature, avatar_file_id FROM preferences WHERE user_id = ?',
  );
  const signature = db.prepare<[string, string, number]>(
    `INSERT INTO preferences (user_id, email_signature, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET email_signature = excluded.email_signature, updated_at = excluded.updated_at`,
  );
  const avatar = db.prepare<[string, string | null, number]>(
    `INSERT INTO preferences (user_id, avatar_file_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET avatar_file_id = excluded.avatar_file_id, updated_at = excluded.updated_at`,
  );
  return {
    get(userId) {
      const row = select.get(userId);
      return { emailSignature: row?.email_signature ?? '', avatarFileId: row?.avatar_file_id ?? null };
    },
    setEmailSignature: (userId, html) => void signature.run(userId, html, Date.now()),
    setAvatar: (userId, fileId) => void avatar.run(userId, fileId, Date.now()),
  };
}
