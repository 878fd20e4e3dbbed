import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import { DEFAULT_TIME_ZONE } from '../../../src/contract/Settings';

/** One account's preferences (spec §3: emailSignature) plus the avatar upload and the time zone. */
export interface PreferenceRecord {
  emailSignature: string;
  avatarFileId: string | null;
  /** An IANA time zone (migration 95). */
  timeZone: string;
}

export interface PreferenceStore {
  /** The stored preferences, or the defaults (empty signature, no avatar, DEFAULT_TIME_ZONE). */
  get(userId: string): Promise<PreferenceRecord>;
  setEmailSignature(userId: string, html: string): Promise<void>;
  setAvatar(userId: string, fileId: string | null): Promise<void>;
  /** Stores a time zone the caller checked (an IANA name). */
  setTimeZone(userId: string, timeZone: string): Promise<void>;
}

/** A stored row as a record; no row gives the defaults. */
export function toPreferenceRecord(
  row: { email_signature: string; avatar_file_id: string | null; time_zone: string } | undefined | null,
): PreferenceRecord {
  return {
    emailSignature: row?.email_signature ?? '',
    avatarFileId: row?.avatar_file_id ?? null,
    timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
  };
}

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
