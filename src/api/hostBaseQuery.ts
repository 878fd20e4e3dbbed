import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { HostExtraOptions } from './HostExtraOptions';
import type { HostState } from './HostState';

export type HostBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  HostExtraOptions | undefined,
  FetchBaseQueryMeta
>;

export interface HostOptions {
  /** Read per call: the runtime config may be set after the bundle loads (tests, /config.js). */
  baseUrl: () => string;
  /** The bearer token for this host, or null to send none. */
  token: (state: HostState) => string | null;
}

/**
 * A fetch base query for one API host: its base URL from the runtime config, its own bearer token and
 * the `langcode` header when a language is stored (spec §7).
 */
export function hostBaseQuery({ baseUrl, token }: HostOptions): HostBaseQuery {
  return (args, api, extraOptions) => {
    const fetcher = fetchBaseQuery({
      baseUrl: baseUrl(),
      prepareHeaders(headers, { getState }) {
        const state = getState() as HostState;
        const bearer = extraOptions?.anonymous ? null : token(state);
        if (bearer && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${bearer}`);
        if (state.language.chosen) headers.set('langcode', state.language.chosen);
        return headers;
      },
    });
    return fetcher(args, api, extraOptions ?? {});
  };
}
