import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '../../../src/contract/TwoFactor';
import type { PasskeyRecord } from '../../store/contract/twoFactor/TwoFactorStore';

/**
 * SimpleWebAuthn and its ASN.1 and X.509 parsers (about 300 modules) load with the first passkey ceremony,
 * not with the server: most servers and test processes never see one.
 */
const webAuthn = () => import('@simplewebauthn/server');

/**
 * WebAuthn through SimpleWebAuthn: the relying party is the public address (its host name the RP id, its
 * origin the only origin accepted). No attestation is asked: a passkey is a second factor here, not a
 * statement about the device's maker.
 */
export function passkeyCeremonies(passkeyOrigin: string) {
  const url = new URL(passkeyOrigin);
  const rpID = url.hostname;
  const origin = url.origin;
  const descriptor = (key: Pick<PasskeyRecord, 'id' | 'transports'>) => ({
    id: key.id,
    transports: key.transports as AuthenticatorTransport[],
  });

  return {
    async registrationOptions(
      username: string,
      existing: readonly PasskeyRecord[],
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { generateRegistrationOptions } = await webAuthn();
      return generateRegistrationOptions({
        rpName: 'Parcel Atlas',
        rpID,
        userName: username,
        attestationType: 'none',
        excludeCredentials: existing.map(descriptor),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
    },

    /** The new credential when the browser's answer matches the challenge, origin and RP id; else null. */
    async verifyRegistration(response: RegistrationResponseJSON, challenge: string) {
      const { verifyRegistrationResponse } = await webAuthn();
      try {
        const result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
        if (!result.verified) return null;
        const { credential } = result.registrationInfo;
        return {
          id: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
        };
      } catch {
        return null;
      }
    },

    async authenticationOptions(
      keys: readonly PasskeyRecord[],
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webAuthn();
      return generateAuthenticationOptions({
        rpID,
        allowCredentials: keys.map(descriptor),
        userVerification: 'preferred',
      });
    },

    /**
     * A sign-in with a passkey instead of a password: any passkey of this site may answer (the browser
     * offers the ones it holds), and it must verify its user (fingerprint, face or PIN), because it then
     * stands for both factors.
     */
    async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webAuthn();
      return generateAuthenticationOptions({ rpID, allowCredentials: [], userVerification: 'required' });
    },

    /**
     * The passkey's new signature counter when its answer is genuine; else null. `userVerified`: the
     * authenticator must have verified its user (a sign-in without a password).
     */
    async verifyAuthentication(
      response: AuthenticationResponseJSON,
      challenge: string,
      key: PasskeyRecord,
      userVerified = false,
    ): Promise<number | null> {
      const { verifyAuthenticationResponse } = await webAuthn();
      try {
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: key.id,
            publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
            counter: key.counter,
            transports: key.transports,
          },
          requireUserVerification: userVerified,
        });
        return result.verified ? result.authenticationInfo.newCounter : null;
      } catch {
        return null;
      }
    },
  };
}

export type PasskeyCeremonies = ReturnType<typeof passkeyCeremonies>;

/** The challenge a browser's answer says it signed (read from its client data; checked by the verification). */
export function answeredChallenge(response: AuthenticationResponseJSON): string | null {
  try {
    const clientData = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    ) as {
      challenge?: unknown;
    };
    return typeof clientData.challenge === 'string' && clientData.challenge !== ''
      ? clientData.challenge
      : null;
  } catch {
    return null;
  }
}
