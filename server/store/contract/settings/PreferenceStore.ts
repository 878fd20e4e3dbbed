import { DEFAULT_TIME_ZONE } from '../../../../src/contract/Settings';

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
