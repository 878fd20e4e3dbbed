import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query/react';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { AuthorizeResponse } from '../contract/Accounts';
import { runtimeConfig } from '../app/runtimeConfig';
import { dropMainToken, setMainToken, setProfile } from '../features/auth/sessionSlice';
import { hostBaseQuery, type HostBaseQuery } from './hostBaseQuery';
import type { HostState } from './HostState';

type AuthorizeResult = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

/** What a main-server call returns when there is no token at all (spec §8: the call is blocked). */
export const NO_TOKEN_ERROR: FetchBaseQueryError = {
  status: 'CUSTOM_ERROR',
  error: 'No token: please log in',
};

function isAuthorizeResponse(data: unknown): data is AuthorizeResponse {
  return typeof data === 'object' && data !== null && typeof (data as AuthorizeResponse).token === 'string';
}

/**
 * The authorisation running for a store (keyed by its dispatch): concurrent calls of the main and payment
 * APIs at start-up share one instead of racing for several tokens.
 */
const authorizing = new WeakMap<BaseQueryApi['dispatch'], Promise<AuthorizeResult>>();

/**
 * The base query of the main server and the payment host: the main-server token as bearer; without one but
 * with a single-sign-on token it first calls `POST /v1/secure/user/authorize` (spec §7, §8), stores the token
 * and profile it returns, then makes the call. A 401 on a stored main token re-authorises once.
 */
export function mainAuthorizingBaseQuery(baseUrl: () => string): HostBaseQuery {
  const call = hostBaseQuery({ baseUrl, token: (state) => state.session.mainToken?.value ?? null });
  const authorizeCall = hostBaseQuery({
    baseUrl: () => `${runtimeConfig().mainUrl}/v1/secure/`,
    token: (state) => state.session.ssoToken?.value ?? null,
  });

  async function requestAuthorization(api: BaseQueryApi): Promise<AuthorizeResult> {
    const result = await authorizeCall({ url: 'user/authorize', method: 'POST' }, api, undefined);
    if (result.error) return result;
    if (!isAuthorizeResponse(result.data)) {
      const error: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'Authorisation returned no token' };
      return { error, meta: result.meta };
    }
    api.dispatch(setMainToken(result.data.token));
    if (result.data.profile) api.dispatch(setProfile(result.data.profile));
    return result;
  }

  function authorize(api: BaseQueryApi): Promise<AuthorizeResult> {
    const running = authorizing.get(api.dispatch);
    if (running) return running;
    const pending = requestAuthorization(api).finally(() => authorizing.delete(api.dispatch));
    authorizing.set(api.dispatch, pending);
    return pending;
  }

  return async (args, api, extraOptions) => {
    const session = (api.getState() as HostState).session;
    if (!session.mainToken) {
      if (!session.ssoToken) return { error: NO_TOKEN_ERROR };
      const authorized = await authorize(api);
      if (authorized.error) return { error: authorized.error, meta: authorized.meta };
    }
    const result = await call(args, api, extraOptions);
    const canRetry = session.mainToken && (api.getState() as HostState).session.ssoToken;
    if (result.error?.status !== 401 || !canRetry) return result;
    api.dispatch(dropMainToken());
    const authorized = await authorize(api);
    if (authorized.error) return { error: authorized.error, meta: authorized.meta };
    return call(args, api, extraOptions);
  };
}
