import { ConfigProvider, type ConfigProviderProps } from 'antd';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import itIT from 'antd/locale/it_IT';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import de from '../../../translations/de.json';
import en from '../../../translations/en.json';
import fr from '../../../translations/fr.json';
import it from '../../../translations/it.json';
import { appTheme } from '../../app/palette';
import { useAppSelector } from '../../app/hooks';
import { DEFAULT_LANGUAGE, type Language } from './Language';
import { selectLanguage } from './languageSlice';

// All four catalogues are bundled: they are small, and switching languages reloads the page anyway.
const MESSAGES: Record<Language, Record<string, string>> = { en, de, fr, it };

/** antd's own texts (date pickers, pagination, modals) in the interface language. */
const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  en: enUS,
  de: deDE,
  fr: frFR,
  it: itIT,
};

/** react-intl, antd (theme + locale), dayjs and `<html lang>` all following the language slice. */
export function IntlRoot({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage);
  // Set during render (idempotent) so children formatting dates in this render already use it.
  dayjs.locale(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={MESSAGES[language]}>
      <ConfigProvider theme={appTheme} locale={ANTD_LOCALES[language]}>
        {children}
      </ConfigProvider>
    </IntlProvider>
  );
}
