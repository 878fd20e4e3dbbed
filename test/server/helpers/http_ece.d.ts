/** The part of http_ece (encrypted content-encoding, RFC 8188/8291) the push tests use; it ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's ECDH key pair. */
    privateKey: ECDH;
    /** The receiver's auth secret (bytes, or URL-safe base64). */
    authSecret: Buffer | string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
