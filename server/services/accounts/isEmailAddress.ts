/** A pragmatic e-mail check (one @, a dot in the domain, no spaces); the mailed link is the real proof. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
