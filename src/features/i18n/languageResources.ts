import en from '../../../translations/en.json';
import type { AntdLocale } from '../../theme/antdLocale';
import type { Language } from './Language';

/** What one interface language needs: its message catalogue and, beyond English, antd's texts (dayjs's locale is registered as a side effect). */
export interface LanguageResources {
  messages: Record<string, string>;
  /** antd's own texts (date pickers, pagination, modals); undefined is antd's built-in English. */
  antdLocale?: AntdLocale;
}

/**
 * English is bundled: it is the default and the fallback. The other languages are chunks of their own
 * (catalogue, antd locale, dayjs locale), loaded before the first render when they are the active one
 * (src/index.tsx) so no message key ever shows; switching languages reloads the page anyway.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<LanguageResources>> = {
  de: async () => {
    const [messages, antdLocale] = await Promise.all([
      import(/* webpackChunkName: "lang-de" */ '../../../translations/de.json'),
      import(/* webpackChunkName: "lang-de" */ 'antd/locale/de_DE'),
      import(/* webpackChunkName: "lang-de" */ 'dayjs/locale/de'),
    ]);
    return { messages: messages.default, antdLocale: antdLocale.default };
  },
  fr: async () => {
    const [messages, antdLocale] = await Promise.all([
      import(/* webpackChunkName: "lang-fr" */ '../../../translations/fr.json'),
      import(/* webpackChunkName: "lang-fr" */ 'antd/locale/fr_FR'),
      import(/* webpackChunkName: "lang-fr" */ 'dayjs/locale/fr'),
    ]);
    return { messages: messages.default, antdLocale: antdLocale.default };
  },
  it: async () => {
    const [messages, antdLocale] = await Promise.all([
      import(/* webpackChunkName: "lang-it" */ '../../../translations/it.json'),
      import(/* webpackChunkName: "lang-it" */ 'antd/locale/it_IT'),
      import(/* webpackChunkName: "lang-it" */ 'dayjs/locale/it'),
    ]);
    return { messages: messages.default, antdLocale: antdLocale.default };
  },
};

const loaded = new Map<Language, LanguageResources>([['en', { messages: en }]]);
const loading = new Map<Language, Promise<LanguageResources>>();
const listeners = new Set<() => void>();

/** The language's resources when they are already here (English always is). */
export function loadedLanguage(language: Language): LanguageResources | undefined {
  return loaded.get(language);
}

/** Makes a language's resources available synchronously (tests register all four up front). */
export function provideLanguage(language: Language, resources: LanguageResources): void {
  loaded.set(language, resources);
  for (const listener of listeners) listener();
}

/** Loads a language's resources once; a failed load is tried again on the next call. */
export function loadLanguage(language: Language): Promise<LanguageResources> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language as Exclude<Language, 'en'>]().then(
      (resources) => {
        loading.delete(language);
        provideLanguage(language, resources);
        return resources;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** Called whenever a language's resources arrive. */
export function onLanguageLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
