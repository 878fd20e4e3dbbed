/** A limit or usage key as the plan dialog shows it (spec §2): underscores as spaces, upper-cased. */
export function quotaKeyLabel(key: string): string {
  return key.replace(/_/g, ' ').toUpperCase();
}
