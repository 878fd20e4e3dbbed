import { mainApi } from '../../api/mainApi';
import type { ApiKeyListResponse, CreateApiKeyRequest, CreateApiKeyResponse } from '../../contract/ApiKeys';

/** Personal API keys on the main server: the user's own (`api-keys`) and an admin's company's (`admin/api-keys`). */
export const apiKeyEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKeyListResponse, void>({ query: () => 'api-keys' }),
    createApiKey: build.mutation<CreateApiKeyResponse, CreateApiKeyRequest>({
      query: (body) => ({ url: 'api-keys', method: 'POST', body }),
    }),
    revokeApiKey: build.mutation<ApiKeyListResponse, string>({
      query: (id) => ({ url: `api-keys/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
    }),
    listCompanyApiKeys: build.query<ApiKeyListResponse, void>({ query: () => 'admin/api-keys' }),
    revokeCompanyApiKey: build.mutation<ApiKeyListResponse, string>({
      query: (id) => ({ url: `admin/api-keys/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
    }),
  }),
});

export const {
  useListApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useListCompanyApiKeysQuery,
  useRevokeCompanyApiKeyMutation,
} = apiKeyEndpoints;
