import type { Preferences } from '../../../src/contract/Settings';
import type { PreferenceStore } from '../../store/settings/PreferenceStore';
import { sanitizeSignature, signatureForMail } from './sanitizeSignature';

/** Preferences of spec §3 (the e-mail signature) and the avatar choice. */
export interface PreferenceService {
  get(userId: string): Preferences;
  /** Stores the signature sanitised; returns what was stored. */
  saveEmailSignature(userId: string, html: string): string;
  /** The user's signature ready to append to a mail, or null without one. */
  mailSignature(userId: string): { html: string; text: string } | null;
}

export function createPreferenceService(store: PreferenceStore, publicUrl: string): PreferenceService {
  return {
    get(userId) {
      const { emailSignature, avatarFileId } = store.get(userId);
      return { emailSignature, avatarFileId };
    },
    saveEmailSignature(userId, html) {
      const clean = sanitizeSignature(html);
      store.setEmailSignature(userId, clean);
      return clean;
    },
    mailSignature: (userId) => signatureForMail(store.get(userId).emailSignature, publicUrl),
  };
}
