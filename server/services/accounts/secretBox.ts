import crypto from 'node:crypto';

/**
 * Seals small secrets at rest (the authenticator apps' TOTP secrets) with AES-256-GCM under a key derived
 * from the server secret: a copy of the database alone does not yield codes.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the sealed text was altered or sealed under another server secret. */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(
    crypto.hkdfSync('sha256', serverSecret, 'parcel-atlas', 'second factor secrets', 32),
  );
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
