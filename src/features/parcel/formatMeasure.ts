import { formatNumber } from '../../lib/format/numbers';

/** A measure with 2 decimals in en-US (spec §9) and its unit: "1,234.00 m²"; a dash when missing. */
export function formatMeasure(value: number | null | undefined, unit?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}
