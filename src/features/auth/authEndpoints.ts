import { ssoApi } from '../../api/ssoApi';
import { LOGOUT_CALL_TIMEOUT_MS } from '../../lib/timing';
import type {
  AcceptInviteRequest,
  ActivationKeyResponse,
  CheckInviteResponse,
  EmailVerificationResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  RequestResetPasswordRequest,
  ResetPasswordRequest,
  SaveProfileRequest,
  SaveProfileResponse,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
} from '../../contract/Accounts';
import type {
  PasskeySignInRequest,
  PublicKeyCredentialRequestOptionsJSON,
  SecondFactorLoginRequest,
} from '../../contract/TwoFactor';

const PUBLIC = { anonymous: true } as const;

/** The account calls of the single-sign-on API (spec §7). Public ones carry no bearer token. */
export const authEndpoints = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'api/user/login', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** The second step of a login with a second factor: the pending-login key and a code or a passkey. */
    completeSecondFactor: build.mutation<LoginResponse, SecondFactorLoginRequest>({
      query: (body) => ({ url: 'api/user/login/second-factor', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** A challenge for signing in with a passkey instead of username and password. */
    passkeySignInOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'api/user/login/passkey/options', method: 'POST' }),
      extraOptions: PUBLIC,
    }),
    /** The passkey's signed answer to that challenge → the session's token. */
    passkeySignIn: build.mutation<LoginResponse, PasskeySignInRequest>({
      query: (body) => ({ url: 'api/user/login/passkey', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    emailVerification: build.mutation<EmailVerificationResponse, { email: string }>({
      query: (body) => ({ url: 'api/user/email-verification', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    verifyActivationKey: build.mutation<ActivationKeyResponse, string>({
      query: (key) => ({ url: `api/user/verify-activation-key/${encodeURIComponent(key)}`, method: 'POST' }),
      extraOptions: PUBLIC,
    }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: 'api/user/register', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    requestResetPassword: build.mutation<MessageResponse, RequestResetPasswordRequest>({
      query: (body) => ({ url: 'api/admin/request-reset-password', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: 'api/admin/reset-password', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    // A POST that changes nothing: a query, so the screen gets loading/error states and caching for free.
    checkInvite: build.query<CheckInviteResponse, string>({
      query: (key) => ({ url: 'api/admin/check-invite', method: 'POST', body: { key } }),
      extraOptions: PUBLIC,
    }),
    acceptInvite: build.mutation<MessageResponse, AcceptInviteRequest>({
      query: (body) => ({ url: 'api/admin/accept-invite', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** Ends the user's other sessions; the reply's token keeps this one (stored by the auth listeners). */
    updatePassword: build.mutation<UpdatePasswordResponse, UpdatePasswordRequest>({
      query: (body) => ({ url: 'api/admin/update-password', method: 'POST', body }),
    }),
    /**
     * Revokes the session the given token (SSO or main) belongs to, so neither of its tokens works any more
     * (logout). The token is passed explicitly: at logout only the main token may be cached.
     */
    logoutSession: build.mutation<MessageResponse, string>({
      query: (token) => ({
        url: 'api/user/logout',
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        timeout: LOGOUT_CALL_TIMEOUT_MS,
      }),
    }),
    saveProfile: build.mutation<SaveProfileResponse, SaveProfileRequest>({
      query: (body) => ({ url: 'profile', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useLoginMutation,
  useCompleteSecondFactorMutation,
  usePasskeySignInOptionsMutation,
  usePasskeySignInMutation,
  useEmailVerificationMutation,
  useVerifyActivationKeyMutation,
  useRegisterMutation,
  useRequestResetPasswordMutation,
  useResetPasswordMutation,
  useCheckInviteQuery,
  useAcceptInviteMutation,
  useUpdatePasswordMutation,
  useSaveProfileMutation,
} = authEndpoints;
