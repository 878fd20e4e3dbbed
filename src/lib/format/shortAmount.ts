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
