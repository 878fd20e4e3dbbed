/** Requests and responses of the single-sign-on account calls (spec §3 and §7). Shared by server and browser. */
import type { Profile } from './Profile';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  SecondFactorMethod,
} from './TwoFactor';

export type LanguageCode = 'en' | 'de' | 'fr' | 'it';
export const LANGUAGE_CODES: readonly LanguageCode[] = ['en', 'de', 'fr', 'it'];

export interface LoginRequest {
  username: string;
  password: string;
}

/** `POST /api/user/login`: a token on success; `error` and `message` otherwise. */
export interface LoginResponse {
  token?: string;
  error: boolean;
  message: string;
  /** Set (with `pendingLogin`, no token) when the account must confirm the sign-in with a second factor. */
  secondFactorRequired?: boolean;
  pendingLogin?: string;
  methods?: SecondFactorMethod[];
  passkeyOptions?: PublicKeyCredentialRequestOptionsJSON;
}

export interface EmailVerificationRequest {
  email: string;
}

export interface EmailVerificationResponse {
  verification: boolean;
  error: boolean;
  message: string;
}

/** `POST /api/user/verify-activation-key/KEY`. */
export interface ActivationKeyResponse {
  success: boolean;
  email?: string;
  error: boolean;
  message: string;
}

/** The registration payload of spec §3 (`username` is the verified e-mail). */
export interface RegisterRequest {
  email: string;
  name: string;
  phone: string;
  defaultLanguage: string;
  companyName: string;
  companyAddress: string;
  username: string;
  password: string;
  confirmPassword: string;
  activationKey: string;
}

export interface RegisterResponse {
  token?: string;
  user?: Profile;
  error: boolean;
  message: string;
}

export interface RequestResetPasswordRequest {
  username: string;
  /** Where the e-mailed link points; only honoured on the public origin, e.g. `https://host/reset-password/`. */
  targeturl?: string;
}

/** Replies that carry only an outcome: reset request, reset, accept invite, invite, profile save. */
export interface MessageResponse {
  error: boolean;
  message: string;
}

export interface ResetPasswordRequest {
  password: string;
  confirmPassword: string;
  key: string;
}

export interface CheckInviteRequest {
  key: string;
}

export interface CheckInviteResponse {
  username: string;
  email: string;
  name: string;
}

export interface AcceptInviteRequest {
  password: string;
  confirmPassword: string;
  key: string;
}

export interface UpdatePasswordRequest {
  password: string;
  confirmPassword: string;
  /** Re-authentication; may be left out within 15 minutes of signing in. */
  currentPassword?: string;
  /** The authenticator app's (or a recovery) code, when the account has one. */
  currentCode?: string;
  /** Or a passkey's answer to `POST /api/user/two-factor/passkeys/confirm-options`. */
  currentPasskey?: AuthenticationResponseJSON;
}

/**
 * A password change ends every other session (the token version moves on), so the reply carries a fresh
 * single-sign-on token for the session that made the change.
 */
export interface UpdatePasswordResponse extends MessageResponse {
  token?: string;
}

/** `POST /profile`: the editable fields of the profile. */
export interface SaveProfileRequest {
  name?: string;
  email: string;
  phone?: string;
  defaultLanguage?: string;
  companyName?: string;
  companyAddress?: string;
  /** Needed when `email` differs from the current address (or within 15 minutes of signing in). */
  currentPassword?: string;
  /** The authenticator app's (or a recovery) code, when `email` changes and the account has one. */
  currentCode?: string;
  /** Or a passkey's answer to `POST /api/user/two-factor/passkeys/confirm-options`. */
  currentPasskey?: AuthenticationResponseJSON;
}

export interface SaveProfileResponse extends MessageResponse {
  profile?: Profile;
}

/** `POST /api/admin/invite` (ADMIN only). */
export interface InviteRequest {
  email: string;
  name: string;
  roles?: string[];
  sites?: string[];
  /** Language of the invitation mail; the invitee's default language. */
  language?: LanguageCode;
}

/** `POST /v1/secure/user/authorize` and `POST /api/ms-auth/login`. */
export interface AuthorizeResponse {
  token: string;
  profile: Profile;
}
