import crypto from 'node:crypto';

/**
 * Mailed keys: 256 random bits, URL-safe. Only the SHA-256 is stored; a plain hash is enough because
 * the key itself is random and long (nothing to brute-force like a password).
 */
export const accountKeys = {
  create(): { key: string; hash: string } {
    const key = crypto.randomBytes(32).toString('base64url');
    return { key, hash: accountKeys.hash(key) };
  },
  hash: (key: string): string => crypto.createHash('sha256').update(key.trim()).digest('hex'),
};
