import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../../store/hooks';
import { AntdLocaleContext } from '../../theme/antdLocale';
import { DEFAULT_LANGUAGE, type Language } from './Language';
import { loadedLanguage, loadLanguage, onLanguageLoaded, type LanguageResources } from './languageResources';
import { selectLanguage } from './languageSlice';

/**
 * The language whose resources are shown: the selected one once its catalogue is here, until then the
 * last one shown (English at worst), so a message key never shows while a catalogue loads.
 */
function useShownLanguage(language: Language): { language: Language; resources: LanguageResources } {
  const version = useSyncExternalStore(onLanguageLoaded, () => loadedLanguage(language));
  const shown = useRef<{ language: Language; resources: LanguageResources }>({
    language: DEFAULT_LANGUAGE,
    resources: loadedLanguage(DEFAULT_LANGUAGE)!,
  });
  if (version) shown.current = { language, resources: version };
  useEffect(() => {
    if (!version) void loadLanguage(language).catch(() => undefined);
  }, [language, version]);
  return shown.current;
}

/**
 * react-intl, `<html lang>` and antd's texts (AntdLocaleContext, which AntdTheme hands to antd with the
 * theme) all following the language slice. dayjs is not set here: it would bring dayjs into the first load
 * of /login; the date formatters take the language, and the one date picker sets it (CouponAdminTab).
 */
export function IntlRoot({ children }: { children: ReactNode }) {
  const { language, resources } = useShownLanguage(useAppSelector(selectLanguage));
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={resources.messages}>
      <AntdLocaleContext value={resources.antdLocale}>{children}</AntdLocaleContext>
    </IntlProvider>
  );
}
