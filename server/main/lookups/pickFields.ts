/** Keeps only the requested fields (`fields=code,canton`); no list means every field. */
export function pickFields<T extends object>(item: T, fields: string[] | null): Partial<T> {
  if (!fields || fields.length === 0) return item;
  const picked: Partial<T> = {};
  for (const field of fields) {
    if (field in item) picked[field as keyof T] = item[field as keyof T];
  }
  return picked;
}

export function parseFields(raw: string | undefined): string[] | null {
  const fields = (raw ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.length > 0 ? fields : null;
}
