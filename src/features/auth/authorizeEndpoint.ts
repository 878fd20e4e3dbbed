import { hostBaseQuery } from '../../api/hostBaseQuery';
import { mainApi } from '../../api/mainApi';
import { runtimeConfig } from '../../app/runtimeConfig';
import type { AuthorizeResponse } from '../../contract/Accounts';
import { setMainToken, setProfile } from './sessionSlice';

/**
 * `POST /v1/secure/user/authorize` with the single-sign-on token as bearer (spec §7). It bypasses the
 * main base query on purpose: that one would authorise first itself when there is no main token yet.
 */
const authorizeCall = hostBaseQuery({
  baseUrl: () => `${runtimeConfig().mainUrl}/v1/secure/`,
  token: (state) => state.session.ssoToken?.value ?? null,
});

export const authorizeEndpoint = mainApi.injectEndpoints({
  endpoints: (build) => ({
    authorize: build.mutation<AuthorizeResponse, void>({
      queryFn: async (_arg, api) => {
        const result = await authorizeCall({ url: 'user/authorize', method: 'POST' }, api, undefined);
        return result.error ? { error: result.error } : { data: result.data as AuthorizeResponse };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setMainToken(data.token));
          if (data.profile) dispatch(setProfile(data.profile));
        } catch {
          // The caller (the session-start listener) reports the failure.
        }
      },
    }),
  }),
});

export const { useAuthorizeMutation } = authorizeEndpoint;
