import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON } from '../../../src/contract/TwoFactor';

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest();
const base64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/**
 * A passkey held in software (ES256, as platform authenticators make them), for server tests: its COSE
 * public key to store, and answers to sign-in challenges signed the way WebAuthn authenticators sign.
 */
export function softwarePasskey(origin: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
  const id = crypto.randomBytes(16).toString('base64url');
  let counter = 0;
  return {
    id,
    /** As the passkeys table keeps it. */
    publicKey: base64url(cose),
    /** The browser's answer to `challenge`; `userVerified`: the authenticator checked a PIN or fingerprint. */
    answer(challenge: string, { userVerified = true } = {}): AuthenticationResponseJSON {
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
      );
      const flags = 0x01 | (userVerified ? 0x04 : 0); // user present, user verified
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authenticatorData = Buffer.concat([
        sha256(new URL(origin).hostname),
        Buffer.from([flags]),
        count,
      ]);
      const signature = crypto.sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientData)]),
        privateKey,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: base64url(clientData),
          authenticatorData: base64url(authenticatorData),
          signature: base64url(signature),
        },
      };
    },
  };
}
