import { createAction } from '@reduxjs/toolkit';
import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query/react';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { AuthorizeResponse } from '../contract/Accounts';
import { runtimeConfig } from '../config/runtimeConfig';
import { hostBaseQuery, mainToken, ssoToken, type HostBaseQuery, type HostState } from './host';

type AuthorizeResult = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

/**
 * The main server handed out a token (and maybe the profile). The session slice stores them; the time is
 * stamped here so its reducer stays pure and replayable.
 */
export const mainAuthorized = createAction(
  'api/mainAuthorized',
  (response: AuthorizeResponse, now: number = Date.now()) => ({ payload: { ...response, receivedAt: now } }),
);

/** The main server refused its token (401): the session forgets it so the next call authorises again. */
export const mainTokenRefused = createAction('api/mainTokenRefused');

/**
 * The main server refused the session itself: a 401 that one re-authorisation did not cure (password
 * changed elsewhere, account disabled, session revoked or idle). The auth feature ends the session the way
 * spec §8 ends a 403 one (snackbar, clear, /login) instead of leaving a signed-in screen that gets nothing.
 */
export const mainSessionRefused = createAction('api/mainSessionRefused');

/** What a main-server call returns when there is no token at all (spec §8: the call is blocked). */
export const NO_TOKEN_ERROR: FetchBaseQueryError = {
  status: 'CUSTOM_ERROR',
  error: 'No token: please log in',
};

function isAuthorizeResponse(data: unknown): data is AuthorizeResponse {
  return typeof data === 'object' && data !== null && typeof (data as AuthorizeResponse).token === 'string';
}

/**
 * `POST /v1/secure/user/authorize` with the single-sign-on token as bearer (spec §7). It bypasses the
 * main base query on purpose: that one would authorise first itself when there is no main token yet.
 */
const authorizeCall = hostBaseQuery({
  baseUrl: () => `${runtimeConfig().mainUrl}/v1/secure/`,
  token: ssoToken,
});

/**
 * The authorisation running for a store (keyed by its dispatch): concurrent calls of the main and payment
 * APIs at start-up share one instead of racing for several tokens.
 */
const authorizing = new WeakMap<BaseQueryApi['dispatch'], Promise<AuthorizeResult>>();

async function requestAuthorization(api: BaseQueryApi): Promise<AuthorizeResult> {
  const result = await authorizeCall({ url: 'user/authorize', method: 'POST' }, api, undefined);
  if (result.error) return result;
  if (!isAuthorizeResponse(result.data)) {
    const error: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'Authorisation returned no token' };
    return { error, meta: result.meta };
  }
  api.dispatch(mainAuthorized(result.data));
  return result;
}

/**
 * The one authorize call (spec §7, §8): the main base query runs it before a call without a main token,
 * and the `authorize` endpoint of mainApi (used after login) runs the same. Answers `mainAuthorized`.
 */
export function authorize(api: BaseQueryApi): Promise<AuthorizeResult> {
  const running = authorizing.get(api.dispatch);
  if (running) return running;
  const pending = requestAuthorization(api).finally(() => authorizing.delete(api.dispatch));
  authorizing.set(api.dispatch, pending);
  return pending;
}

/**
 * The base query of the main server and the payment host: the main-server token as bearer; without one but
 * with a single-sign-on token it first authorises, then makes the call. A 401 on a stored main token
 * re-authorises once.
 */
export function mainAuthorizingBaseQuery(baseUrl: () => string): HostBaseQuery {
  const call = hostBaseQuery({ baseUrl, token: mainToken });
  const callAuthorized: HostBaseQuery = async (args, api, extraOptions) => {
    const session = (api.getState() as HostState).session;
    if (!session.mainToken) {
      if (!session.ssoToken) return { error: NO_TOKEN_ERROR };
      const authorized = await authorize(api);
      if (authorized.error) return { error: authorized.error, meta: authorized.meta };
    }
    const result = await call(args, api, extraOptions);
    const canRetry = session.mainToken && (api.getState() as HostState).session.ssoToken;
    if (result.error?.status !== 401 || !canRetry) return result;
    api.dispatch(mainTokenRefused());
    const authorized = await authorize(api);
    if (authorized.error) return { error: authorized.error, meta: authorized.meta };
    return call(args, api, extraOptions);
  };
  return async (args, api, extraOptions) => {
    const result = await callAuthorized(args, api, extraOptions);
    // Still 401 after the one re-authorisation (or the authorisation itself refused): the session is over.
    if (result.error?.status === 401) api.dispatch(mainSessionRefused());
    return result;
  };
}
