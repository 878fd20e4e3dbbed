import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdLocale } from './antdLocale';
import { appTheme } from './palette';

/**
 * antd's theme (src/theme/palette.ts) and its texts in the language shown, around what uses antd. It is not in
 * the entry: AppRoutes loads it with the layouts and screens built on antd, and the language menu with its
 * Dropdown, so the first load of /login carries no antd runtime (docs/adr/008-first-load-budget.md).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme} locale={useAntdLocale()}>
      {children}
    </ConfigProvider>
  );
}
