/**
 * A query string as its parts, each kept as written (`key=value`, not re-encoded): a rewrite of some keys
 * then leaves every other key exactly as the address bar shows it (`layers=radon,floods` keeps its commas).
 */
export function queryParts(query: string): string[] {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '');
}

/** The decoded key of one part; URLSearchParams decodes leniently (a stray % stays as it is). */
export function partKey(part: string): string {
  const [entry] = new URLSearchParams(part);
  return entry?.[0] ?? '';
}

/**
 * One part with its value encoded as a form value, except the commas of a list, which stay readable
 * (`site=CH1,CH2` rather than `site=CH1%2CCH2`).
 */
export function listPart(key: string, values: readonly string[]): string {
  const encode = (value: string) => new URLSearchParams({ value }).toString().slice('value='.length);
  return `${encode(key)}=${values.map(encode).join(',')}`;
}
