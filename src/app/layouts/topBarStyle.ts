import type { CSSProperties } from 'react';
import { PALETTE } from '../palette';

/** The top bar shared by the simple and map layouts. */
export const topBarStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  height: 56,
  padding: '0 16px',
  background: PALETTE.primary,
  color: '#fff',
  lineHeight: 'normal',
};

export const topBarTitleStyle: CSSProperties = {
  flex: 1,
  fontSize: 18,
  fontWeight: 600,
  color: '#fff',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
};
