import type { ThemeConfig } from 'antd';
import { PALETTE } from './palette';

/** antd theme tokens carrying the spec §9 colours; the accent is the hover/active shade of the primary. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: PALETTE.primary,
    colorInfo: PALETTE.info,
    colorSuccess: PALETTE.success,
    colorWarning: PALETTE.warning,
    colorError: PALETTE.error,
    colorLink: PALETTE.primary,
    colorLinkHover: PALETTE.accent,
    colorLinkActive: PALETTE.accent,
    colorPrimaryHover: PALETTE.accent,
    colorPrimaryActive: PALETTE.accent,
  },
};
