/** A number with exactly `decimals` places (2 by default) in en-US style: 1,234.50 (spec §9). */
export function formatNumber(value: number, decimals = 2): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** An amount with 2 decimals in en-US style, optionally after its currency code: "CHF 59.90". */
export function formatMoney(amount: number, currency?: string): string {
  const number = formatNumber(amount, 2);
  return currency ? `${currency} ${number}` : number;
}

/** Rounds an amount to `decimals` places (2 by default, spec §9), half away from zero. */
export function roundMoney(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  // The epsilon keeps 1.005 from becoming 1.00 through its binary representation.
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor)) / factor;
}

// Thousand, million, billion, trillion, then G for anything larger (the units of spec §9).
const UNITS = [
  { size: 1e15, suffix: 'G' },
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** An amount shortened with K, M, B, T or G and at most `decimals` places: 1500 → "1.5K", 2e6 → "2M". */
export function shortAmount(value: number, decimals = 2): string {
  const magnitude = Math.abs(value);
  const unit = UNITS.find((candidate) => magnitude >= candidate.size);
  const scaled = unit ? value / unit.size : value;
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals, useGrouping: false }).format(
    scaled,
  );
  return `${text}${unit?.suffix ?? ''}`;
}
