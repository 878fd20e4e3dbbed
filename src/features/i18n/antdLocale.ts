import { createContext, useContext } from 'react';
import type { LanguageResources } from './languageResources';

/**
 * antd's texts for the language shown (undefined: antd's built-in English). IntlRoot provides it without
 * importing antd, so the first load carries no antd runtime; AntdTheme (src/app/AntdTheme.tsx), loaded with
 * the screens that use antd, hands it to antd's ConfigProvider.
 */
export const AntdLocaleContext = createContext<LanguageResources['antdLocale']>(undefined);

/** antd's texts for the language shown. */
export function useAntdLocale(): LanguageResources['antdLocale'] {
  return useContext(AntdLocaleContext);
}
