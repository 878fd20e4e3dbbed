/**
 * A text[] literal for one `$n::text[]` parameter, so a statement's text (and its prepared plan) does not
 * depend on the length of the list. Every element is quoted, with backslashes and quotes escaped.
 */
export function toTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
