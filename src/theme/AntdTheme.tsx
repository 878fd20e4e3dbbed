import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { useAntdLocale } from './antdLocale';
import { appTheme } from './palette';
import { usePrefersReducedMotion } from './reducedMotion';

/** The theme for users who asked the system for less motion: antd's transitions take no time. */
const stillTheme: ThemeConfig = { ...appTheme, token: { ...appTheme.token, motion: false } };
/** The buttons' click wave, on or off (one object each, so the provider's value stays the same between renders). */
const WAVE = { on: { disabled: false }, off: { disabled: true } };

/**
 * antd's theme (src/theme/palette.ts) and its texts in the language shown, around what uses antd; without its
 * motion and the buttons' click wave when the system asks for reduced motion. It is not in
 * the entry: AppRoutes loads it with the layouts and screens built on antd, and the language menu with its
 * Dropdown, so the first load of /login carries no antd runtime (docs/adr/008-first-load-budget.md).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      theme={reducedMotion ? stillTheme : appTheme}
      wave={reducedMotion ? WAVE.off : WAVE.on}
      locale={useAntdLocale()}
    >
      {children}
    </ConfigProvider>
  );
}
