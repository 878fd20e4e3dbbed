/** The interface language: which ones exist, and where the choice is read from and kept. */

/** The interface languages of spec §1; en is the default. */
export const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage key of the user's language choice (spec §1), holding the bare code, e.g. `de`. */
export const LANGUAGE_STORAGE_KEY = 'user-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The query parameter that sets the interface language on any navigation (spec §1). */
export const LANGUAGE_URL_KEY = 'lang';

/** The `lang` query parameter of a location's search string when it names a supported language. */
export function languageFromSearch(search: string): Language | null {
  const value = new URLSearchParams(search).get(LANGUAGE_URL_KEY)?.trim().toLowerCase();
  return isLanguage(value) ? value : null;
}

/** The language saved under `user-language`, or null when none (or an unknown one) is stored. */
export function storedLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): Language | null {
  const value = storage?.getItem(LANGUAGE_STORAGE_KEY)?.trim().toLowerCase();
  return isLanguage(value) ? value : null;
}

/** Saves the language as a plain string so code outside the store can read it too. */
export function storeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  storage?.setItem(LANGUAGE_STORAGE_KEY, language);
}

function safeLocalStorage(): Storage | undefined {
  // Private modes and non-browser runtimes may have no usable localStorage.
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
