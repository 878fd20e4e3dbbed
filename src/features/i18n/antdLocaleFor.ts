import type { ConfigProviderProps } from 'antd';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import itIT from 'antd/locale/it_IT';
import type { Language } from './Language';

type Locale = NonNullable<ConfigProviderProps['locale']>;

const LOCALES: Record<Language, Locale> = { en: enUS, de: deDE, fr: frFR, it: itIT };

/** antd's own texts (date pickers, pagination, modals) in the interface language. */
export function antdLocaleFor(language: Language): Locale {
  return LOCALES[language];
}
