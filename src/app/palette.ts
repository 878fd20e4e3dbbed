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
