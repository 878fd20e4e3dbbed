import { isLanguage, LANGUAGE_STORAGE_KEY } from '../../src/features/i18n/Language';
import { languageFromSearch } from '../../src/features/i18n/Language';
import { initialLanguageState, languageSlice, setLanguage } from '../../src/features/i18n/languageSlice';
import { storedLanguage, storeLanguage } from '../../src/features/i18n/Language';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('the lang query parameter (spec §1)', () => {
  it('names the interface language when it is one of en, de, fr, it', () => {
    expect(languageFromSearch('?lang=de')).toBe('de');
    expect(languageFromSearch('?page=2&lang=fr&size=12')).toBe('fr');
    expect(languageFromSearch('lang=it')).toBe('it');
    expect(languageFromSearch('?lang=EN')).toBe('en');
  });

  it('is ignored when missing, empty or not a supported language', () => {
    expect(languageFromSearch('')).toBeNull();
    expect(languageFromSearch('?lang=')).toBeNull();
    expect(languageFromSearch('?lang=es')).toBeNull();
    expect(languageFromSearch('?language=de')).toBeNull();
  });
});

describe('the stored language (user-language)', () => {
  it('is kept as a plain code under user-language', () => {
    const storage = memoryStorage();
    storeLanguage('fr', storage);
    expect(LANGUAGE_STORAGE_KEY).toBe('user-language');
    expect(storage.values.get('user-language')).toBe('fr');
    expect(storedLanguage(storage)).toBe('fr');
  });

  it('reads nothing for a missing or unknown value', () => {
    expect(storedLanguage(memoryStorage())).toBeNull();
    expect(storedLanguage(memoryStorage({ 'user-language': '"de"' }))).toBeNull();
    expect(storedLanguage(memoryStorage({ 'user-language': 'xx' }))).toBeNull();
    expect(storedLanguage(undefined)).toBeNull();
  });

  it('defaults to English when nothing is stored and follows setLanguage', () => {
    const initial = initialLanguageState();
    expect(initial.chosen).toBeNull();
    const state = { language: languageSlice.reducer(initial, setLanguage('it')) };
    expect(languageSlice.selectors.selectLanguage(state)).toBe('it');
    expect(languageSlice.selectors.selectLanguage({ language: initial })).toBe('en');
    expect(isLanguage('de')).toBe(true);
    expect(isLanguage('DE')).toBe(false);
  });
});
