import crypto from 'node:crypto';

/** A provider-style id with an unguessable body, e.g. `cs_test_3kTq…`. */
export function randomId(prefix: string): string {
  return `${prefix}${crypto.randomBytes(18).toString('base64url')}`;
}
