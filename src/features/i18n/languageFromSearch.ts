import { isLanguage, type Language } from './Language';

/** The `lang` query parameter of a location's search string when it names a supported language. */
export function languageFromSearch(search: string): Language | null {
  const value = new URLSearchParams(search).get('lang')?.trim().toLowerCase();
  return isLanguage(value) ? value : null;
}
