import { isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './Language';

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
