import { createApi } from '@reduxjs/toolkit/query/react';
import { runtimeConfig } from '../app/runtimeConfig';
import { mainAuthorizingBaseQuery } from './mainAuthorizingBaseQuery';
import { TAG_TYPES } from './tagTypes';

/** The main-server API (`/v1/secure/*`); features add endpoints with `mainApi.injectEndpoints`. */
export const mainApi = createApi({
  reducerPath: 'mainApi',
  baseQuery: mainAuthorizingBaseQuery(() => `${runtimeConfig().mainUrl}/v1/secure/`),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
