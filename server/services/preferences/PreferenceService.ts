import type { Preferences } from '../../../src/contract/Settings';
import type { PreferenceStore } from '../../store/contract/settings/PreferenceStore';
import { sanitizeSignature, signatureForMail } from './sanitizeSignature';

/** The IANA time zones this server's Intl knows, the list the settings screen offers. */
export const TIME_ZONES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'));

/** Preferences of spec §3 (the e-mail signature), the avatar choice and the time zone of the digests. */
export interface PreferenceService {
  get(userId: string): Promise<Preferences>;
  /** Stores the signature sanitised; returns what was stored. */
  saveEmailSignature(userId: string, html: string): Promise<string>;
  /** The user's signature ready to append to a mail, or null without one. */
  mailSignature(userId: string): Promise<{ html: string; text: string } | null>;
  /** Stores a zone of TIME_ZONES (false, and nothing stored, for any other name). */
  saveTimeZone(userId: string, timeZone: string): Promise<boolean>;
}

export function createPreferenceService(store: PreferenceStore, publicUrl: string): PreferenceService {
  return {
    async get(userId) {
      const { emailSignature, avatarFileId, timeZone } = await store.get(userId);
      return { emailSignature, avatarFileId, timeZone };
    },
    async saveEmailSignature(userId, html) {
      const clean = await sanitizeSignature(html);
      await store.setEmailSignature(userId, clean);
      return clean;
    },
    mailSignature: async (userId) => signatureForMail((await store.get(userId)).emailSignature, publicUrl),
    async saveTimeZone(userId, timeZone) {
      if (!TIME_ZONES.has(timeZone)) return false;
      await store.setTimeZone(userId, timeZone);
      return true;
    },
  };
}
