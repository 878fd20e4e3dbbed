/** Nothing entered: null, undefined, an empty string or an empty list (whitespace is not blank). */
export function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}
