function parseFields(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

/** Keeps only the requested fields of each item (`fields=code,canton`); no list means every field. */
export function pickFields<T extends object>(items: T[], rawFields: string | undefined): Partial<T>[] {
  const fields = parseFields(rawFields);
  if (fields.length === 0) return items;
  return items.map((item) => {
    const picked: Partial<T> = {};
    for (const field of fields) {
      if (field in item) picked[field as keyof T] = item[field as keyof T];
    }
    return picked;
  });
}
