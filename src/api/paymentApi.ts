import { createApi } from '@reduxjs/toolkit/query/react';
import { runtimeConfig } from '../config/runtimeConfig';
import { mainAuthorizingBaseQuery } from './mainAuthorization';
import { TAG_TYPES } from './host';

/** The payment API (`/v1/secure/payment/*`), authorised with the main-server token like the main API. */
export const paymentApi = createApi({
  reducerPath: 'paymentApi',
  baseQuery: mainAuthorizingBaseQuery(() => `${runtimeConfig().paymentUrl}/v1/secure/payment/`),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
