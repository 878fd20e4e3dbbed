import { createApi } from '@reduxjs/toolkit/query/react';
import { runtimeConfig } from '../config/runtimeConfig';
import type { AuthorizeResponse } from '../contract/Accounts';
import { TAG_TYPES } from './host';
import { authorize, mainAuthorizingBaseQuery } from './mainAuthorization';

/** The main-server API (`/v1/secure/*`); features add endpoints with `mainApi.injectEndpoints`. */
export const mainApi = createApi({
  reducerPath: 'mainApi',
  baseQuery: mainAuthorizingBaseQuery(() => `${runtimeConfig().mainUrl}/v1/secure/`),
  tagTypes: TAG_TYPES,
  endpoints: (build) => ({
    /** Authorise now (after a login): the same call the base query makes on its own (mainAuthorization). */
    authorize: build.mutation<AuthorizeResponse, void>({
      queryFn: async (_arg, api) => {
        const result = await authorize(api);
        return result.error ? { error: result.error } : { data: result.data as AuthorizeResponse };
      },
    }),
  }),
});
