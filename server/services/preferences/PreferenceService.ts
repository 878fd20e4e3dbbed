import type { Preferences } from '../../../src/contract/Settings';
import type { PreferenceStore } from '../../store/settings/PreferenceStore';
import { sanitizeSignature, signatureForMail } from './sanitizeSignature';

/** Preferences of spec §3 (the e-mail signature) and the avatar choice. */
export interface PreferenceService {
  get(userId: string): Promise<Preferences>;
  /** Stores the signature sanitised; returns what was stored. */
  saveEmailSignature(userId: string, html: string): Promise<string>;
  /** The user's signature ready to append to a mail, or null without one. */
  mailSignature(userId: string): Promise<{ html: string; text: string } | null>;
}

export function createPreferenceService(store: PreferenceStore, publicUrl: string): PreferenceService {
  return {
    async get(userId) {
      const { emailSignature, avatarFileId } = await store.get(userId);
      return { emailSignature, avatarFileId };
    },
    async saveEmailSignature(userId, html) {
      const clean = sanitizeSignature(html);
      await store.setEmailSignature(userId, clean);
      return clean;
    },
    mailSignature: async (userId) => signatureForMail((await store.get(userId)).emailSignature, publicUrl),
  };
}
