/** A thematic value as text: lists joined, empty shown as a dash. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '–';
  return String(value);
}
