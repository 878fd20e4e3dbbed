import { createContext, useContext } from 'react';
import type { ConfigProviderProps } from 'antd';

/** antd's own texts (date pickers, pagination, modals); undefined is antd's built-in English. */
export type AntdLocale = ConfigProviderProps['locale'];

/**
 * antd's texts for the language shown (undefined: antd's built-in English). IntlRoot provides it without
 * importing antd, so the first load carries no antd runtime; AntdTheme (src/theme/AntdTheme.tsx), loaded with
 * the screens that use antd, hands it to antd's ConfigProvider.
 */
export const AntdLocaleContext = createContext<AntdLocale>(undefined);

/** antd's texts for the language shown. */
export function useAntdLocale(): AntdLocale {
  return useContext(AntdLocaleContext);
}
