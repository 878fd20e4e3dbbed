import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { appTheme } from '../../app/palette';
import { useAppSelector } from '../../app/hooks';
import { antdLocaleFor } from './antdLocaleFor';
import { DEFAULT_LANGUAGE } from './Language';
import { selectLanguage } from './languageSlice';
import { messagesFor } from './messagesFor';

/** react-intl, antd (theme + locale), dayjs and `<html lang>` all following the language slice. */
export function IntlRoot({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage);
  // Set during render (idempotent) so children formatting dates in this render already use it.
  dayjs.locale(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={messagesFor(language)}>
      <ConfigProvider theme={appTheme} locale={antdLocaleFor(language)}>
        {children}
      </ConfigProvider>
    </IntlProvider>
  );
}
