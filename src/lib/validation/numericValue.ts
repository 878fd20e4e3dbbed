/** The number a form value holds (a number, or a string of one), or null when it holds none. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) return null;
  return Number(value);
}
