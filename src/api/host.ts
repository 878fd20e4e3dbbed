import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';

/** Cache tags shared by the three API slices (design §3). */
export const TAG_TYPES = [
  'Subscription',
  'Preferences',
  'PushSubscription',
  'Profile',
  'Lookup',
  'AdminUsers',
  'Sites',
  'TwoFactor',
  'ParcelList',
  'SavedSearch',
] as const;

/** Per-endpoint options of the base queries (`extraOptions` of an RTK Query endpoint). */
export interface HostExtraOptions {
  /** A public call (spec §7: "public calls carry no bearer token"): send no Authorization header. */
  anonymous?: boolean;
}

/**
 * The part of the root state the base queries read. Structural on purpose: src/api never imports a
 * feature, the auth and i18n slices only have to keep this shape.
 */
export interface HostState {
  session: {
    ssoToken: { value: string } | null;
    mainToken: { value: string } | null;
  };
  language: { chosen: string | null };
}

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

/** The single-sign-on token as bearer. */
export const ssoToken = (state: HostState) => state.session.ssoToken?.value ?? null;
/** The main-server token as bearer. */
export const mainToken = (state: HostState) => state.session.mainToken?.value ?? null;
