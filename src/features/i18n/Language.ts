/** The interface languages of spec §1; en is the default. */
export const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage key of the user's language choice (spec §1), holding the bare code, e.g. `de`. */
export const LANGUAGE_STORAGE_KEY = 'user-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
