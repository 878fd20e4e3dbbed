import type { Profile } from '../../contract/Profile';

/** The letter in the map layout's avatar circle: the name's first letter, 'M' when there is no name. */
export function avatarLetter(profile: Pick<Profile, 'name'> | null | undefined): string {
  const name = profile?.name?.trim();
  return name ? name.charAt(0).toUpperCase() : 'M';
}
