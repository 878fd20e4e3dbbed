/** The value at a dotted path ("items.data.0.price.lookup_key") of a parsed JSON object, or undefined. */
export function valueAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The first of the paths that holds a non-empty string (Stripe ids may also come as expanded objects). */
export function stringAt(source: unknown, ...paths: string[]): string | null {
  for (const path of paths) {
    const value = valueAt(source, path);
    if (typeof value === 'string' && value !== '') return value;
    const id = valueAt(value, 'id');
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}

/** The first of the paths that holds a finite number. */
export function numberAt(source: unknown, ...paths: string[]): number | null {
  for (const path of paths) {
    const value = valueAt(source, path);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}
