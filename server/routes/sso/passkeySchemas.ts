/** JSON schemas of the WebAuthn answers the SSO routes accept (fields bounded, base64url only). */

export const base64url = (maxLength: number) =>
  ({ type: 'string', maxLength, pattern: '^[A-Za-z0-9_-]*$' }) as const;

/** A WebAuthn credential's answer as @simplewebauthn/browser sends it (its fields bounded). */
const credentialResponse = (response: Record<string, unknown>, required: string[]) =>
  ({
    type: 'object',
    required: ['id', 'rawId', 'response', 'type'],
    properties: {
      id: base64url(1400),
      rawId: base64url(1400),
      type: { type: 'string', const: 'public-key' },
      authenticatorAttachment: { type: 'string', maxLength: 40 },
      clientExtensionResults: { type: 'object', maxProperties: 20 },
      response: { type: 'object', required, properties: response },
    },
  }) as const;

export const authenticationResponse = credentialResponse(
  {
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200),
  },
  ['clientDataJSON', 'authenticatorData', 'signature'],
);

export const registrationResponse = credentialResponse(
  {
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20000),
    authenticatorData: base64url(20000),
    publicKey: base64url(4000),
    publicKeyAlgorithm: { type: 'integer' },
    transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
  },
  ['clientDataJSON', 'attestationObject'],
);

/** A body schema that also accepts `currentPasskey`: a passkey confirming a sensitive change. */
export function withCurrentPasskey<T extends { type: 'object'; properties: object }>(schema: T) {
  return {
    ...schema,
    properties: { ...schema.properties, currentPasskey: authenticationResponse },
  } as const;
}
