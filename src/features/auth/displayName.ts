import type { Profile } from '../../contract/Profile';

/** The user's name, or the username when the profile has no name (spec §2). */
export function displayName(profile: Pick<Profile, 'name' | 'username'> | null | undefined): string {
  return profile?.name?.trim() || profile?.username?.trim() || '';
}
