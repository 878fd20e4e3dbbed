import { ssoApi } from '../../api/ssoApi';
import type { Profile } from '../../contract/Profile';

function isProfile(value: unknown): value is Profile {
  return typeof value === 'object' && value !== null && Array.isArray((value as Profile).roles);
}

/** The profile, whether the server answers with the profile itself or wraps it as `{ profile }`. */
export function profileFromResponse(response: unknown): Profile | null {
  if (isProfile(response)) return response;
  const wrapped = (response as { profile?: unknown } | null)?.profile;
  return isProfile(wrapped) ? wrapped : null;
}

/** `GET /api/admin/profile` with the single-sign-on token (spec §7). Null when the answer holds no profile. */
export const profileEndpoint = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile | null, void>({
      query: () => 'api/admin/profile',
      transformResponse: profileFromResponse,
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery } = profileEndpoint;
