import { ssoApi } from '../../../api/ssoApi';
import type { MessageResponse } from '../../../contract/Accounts';
import type {
  DisableTotpRequest,
  PasskeyRegistrationRequest,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  TotpConfirmed,
  TotpEnrolment,
  TwoFactorStatus,
} from '../../../contract/TwoFactor';

/** The account's second factors in Settings (and on the set-up screen a company's requirement opens). */
export const twoFactorEndpoints = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => 'api/user/two-factor',
      providesTags: ['TwoFactor'],
    }),
    startTotp: build.mutation<TotpEnrolment, void>({
      query: () => ({ url: 'api/user/two-factor/totp/start', method: 'POST' }),
    }),
    confirmTotp: build.mutation<TotpConfirmed, string>({
      query: (code) => ({ url: 'api/user/two-factor/totp/confirm', method: 'POST', body: { code } }),
      invalidatesTags: ['TwoFactor', 'Profile'],
    }),
    disableTotp: build.mutation<MessageResponse, DisableTotpRequest>({
      query: (body) => ({ url: 'api/user/two-factor/totp/disable', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    renewRecoveryCodes: build.mutation<TotpConfirmed, DisableTotpRequest>({
      query: (body) => ({ url: 'api/user/two-factor/recovery-codes', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    renamePasskey: build.mutation<MessageResponse, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: `api/user/two-factor/passkeys/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { name },
      }),
      invalidatesTags: ['TwoFactor'],
    }),
    /** A challenge one of the account's passkeys signs to confirm an e-mail or password change. */
    passkeyConfirmationOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'api/user/two-factor/passkeys/confirm-options', method: 'POST' }),
    }),
    passkeyRegistrationOptions: build.mutation<PublicKeyCredentialCreationOptionsJSON, void>({
      query: () => ({ url: 'api/user/two-factor/passkeys/options', method: 'POST' }),
    }),
    addPasskey: build.mutation<MessageResponse, PasskeyRegistrationRequest>({
      query: (body) => ({ url: 'api/user/two-factor/passkeys', method: 'POST', body }),
      invalidatesTags: ['TwoFactor', 'Profile'],
    }),
    removePasskey: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `api/user/two-factor/passkeys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TwoFactor'],
    }),
    setSiteTwoFactor: build.mutation<MessageResponse, { siteID: string; required: boolean }>({
      query: ({ siteID, required }) => ({
        url: `api/admin/sites/${encodeURIComponent(siteID)}/two-factor`,
        method: 'POST',
        body: { required },
      }),
      invalidatesTags: ['Sites'],
    }),
  }),
});

export const {
  useGetTwoFactorStatusQuery,
  useStartTotpMutation,
  useConfirmTotpMutation,
  useDisableTotpMutation,
  useRenewRecoveryCodesMutation,
  useRenamePasskeyMutation,
  usePasskeyRegistrationOptionsMutation,
  usePasskeyConfirmationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useSetSiteTwoFactorMutation,
} = twoFactorEndpoints;
