/** A number with exactly `decimals` places (2 by default) in en-US style: 1,234.50 (spec §9). */
export function formatNumber(value: number, decimals = 2): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
