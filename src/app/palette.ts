import type { ThemeConfig } from 'antd';

/** The theme colours of spec §9. */
export const PALETTE = {
  primary: '#2199A5',
  secondary: '#F50057',
  accent: '#176b73',
  error: '#f44336',
  info: '#2196f3',
  success: '#4caf50',
  warning: '#ff9800',
} as const;

/** Stacking order of the full-screen loading mask (spec §9). */
export const LOADING_MASK_Z_INDEX = 9999;

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
