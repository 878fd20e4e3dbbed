/** Two-factor sign-in: authenticator apps (TOTP), recovery codes, passkeys. Shared by server and browser. */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { MessageResponse } from './Accounts';

export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
};

/** How the second step of a sign-in can be confirmed. */
export type SecondFactorMethod = 'totp' | 'passkey';

/** `POST /api/user/login/second-factor`: a TOTP or recovery code, or a passkey's answer. */
export interface SecondFactorLoginRequest {
  pendingLogin: string;
  code?: string;
  passkey?: AuthenticationResponseJSON;
}

/** `POST /api/user/login/passkey`: the answer to `POST /api/user/login/passkey/options`'s challenge. */
export interface PasskeySignInRequest {
  passkey: AuthenticationResponseJSON;
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** `GET /api/user/two-factor`: what the account has set up and whether its company requires it. */
export interface TwoFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeySummary[];
  /** One of the account's sites requires a second factor. */
  required: boolean;
}

/** `POST /api/user/two-factor/totp/start`: scan the QR code or type the secret, then confirm with a code. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** PNG data URL. */
  qrCode: string;
}

export interface TotpCodeRequest {
  code: string;
}

/** The recovery codes are shown once, here. */
export interface TotpConfirmed extends MessageResponse {
  recoveryCodes: string[];
}

export interface DisableTotpRequest {
  currentPassword: string;
  code: string;
}

export interface PasskeyRegistrationRequest {
  name: string;
  response: RegistrationResponseJSON;
}

export interface RenamePasskeyRequest {
  name: string;
}

/** `POST /api/admin/sites/:siteID/two-factor`. */
export interface SiteTwoFactorRequest {
  required: boolean;
}
