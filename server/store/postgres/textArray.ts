const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * A text[] literal for one `$n::text[]` parameter, so a statement's text (and its prepared plan) does not
 * depend on the length of the list. Every element is quoted, with backslashes and quotes escaped.
 */
export function toTextArray(values: readonly string[]): string {
  return `{${values.map(quoted).join(',')}}`;
}

/**
 * An array literal of any element type (`$n::int[]`, `$n::float8[]`, `$n::bytea[]`, …): numbers as they
 * print, strings quoted, null as NULL, Buffers as bytea hex. The dataset writer binds one such array per
 * column and inserts a municipality's rows with one `unnest`.
 */
export function toArrayLiteral(values: readonly (string | number | Buffer | null)[]): string {
  const element = (value: string | number | Buffer | null): string => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (Buffer.isBuffer(value)) return quoted(`\\x${value.toString('hex')}`);
    return quoted(value);
  };
  return `{${values.map(element).join(',')}}`;
}
