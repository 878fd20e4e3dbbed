import type { CSSProperties } from 'react';

/**
 * Tag colours that meet WCAG AA: antd's preset tags write their -6/-7 shade on their -1 fill (2.8–3.4:1 for
 * green, gold, cyan, orange; 4.4:1 for magenta). The same hues with the text in a darker shade (≥ 7:1).
 */
export const TAG_TONES = {
  green: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  gold: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  cyan: { color: '#00474f', background: '#e6fffb', borderColor: '#87e8de' },
  orange: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  red: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  magenta: { color: '#9e1068', background: '#fff0f6', borderColor: '#ffadd2' },
  geekblue: { color: '#10239e', background: '#f0f5ff', borderColor: '#adc6ff' },
} satisfies Record<string, CSSProperties>;
