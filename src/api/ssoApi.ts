import { createApi } from '@reduxjs/toolkit/query/react';
import { runtimeConfig } from '../config/runtimeConfig';
import { hostBaseQuery, ssoToken, TAG_TYPES } from './host';

/**
 * The single-sign-on API (`/api/user/*`, `/api/admin/*`, `/api/ms-auth/login`, `/profile`).
 * Features add endpoints with `ssoApi.injectEndpoints`; pass `extraOptions: { anonymous: true }` on public calls.
 */
export const ssoApi = createApi({
  reducerPath: 'ssoApi',
  baseQuery: hostBaseQuery({ baseUrl: () => `${runtimeConfig().ssoUrl}/`, token: ssoToken }),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
