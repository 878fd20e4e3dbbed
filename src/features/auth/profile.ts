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

/** The user's name, or the username when the profile has no name (spec §2). */
export function displayName(profile: Pick<Profile, 'name' | 'username'> | null | undefined): string {
  return profile?.name?.trim() || profile?.username?.trim() || '';
}

/** The letter in the map layout's avatar circle: the name's first letter, 'M' when there is no name. */
export function avatarLetter(profile: Pick<Profile, 'name'> | null | undefined): string {
  const name = profile?.name?.trim();
  return name ? name.charAt(0).toUpperCase() : 'M';
}
